import AlmanacClient
import AlmanacHTTP
import AlmanacProviders
import ArgumentParser
import Foundation
import FrontKit
import TerminalKit
import Weather

struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor", abstract: "Show keys (set or not), base URLs, data modes and folders; --check probes providers.")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Send one cheap live request to each provider in live mode and report latency or the error.")
    var check = false

    func run() async throws {
        try await CommandRunner.run(global) { context in
            let report = await Doctor(context: context.app).report(check: check)
            try context.show(json: report, text: DoctorView.render(report, style: context.style))
            if !report.healthy { throw ExitCode(ExitStatus.unavailable) }
        }
    }
}

enum DoctorView {
    /// `prices: Kraken, keyless (set TWELVEDATA_API_KEY to use Twelve Data)` and the like.
    static func cryptoReason(_ sources: DoctorReport.CryptoSources) -> String {
        switch (sources.choice, sources.usesKraken) {
        case (.kraken, true): return "prices: Kraken, as chosen (crypto settings --provider kraken)"
        case (_, true): return "prices: Kraken, keyless (set TWELVEDATA_API_KEY to use Twelve Data)"
        case (.twelvedata, _):
            return "prices: Twelve Data, as chosen (crypto settings --provider twelvedata)" + (sources.keyed ? "" : "; sample data without its key")
        case (_, false) where sources.offline: return "prices: the cache, then sample data (offline)"
        default: return "prices: Twelve Data (TWELVEDATA_API_KEY is set)"
        }
    }

    /// Why each weather capability has its provider, a line each; the names from `ForecastSources`.
    static func reasons(_ sources: ForecastSources, openWeatherKey: Bool) -> [String] {
        func name(_ rawValue: String) -> String { Provider(rawValue: rawValue)?.brand ?? rawValue }
        let forecast = "forecast: " + name(sources.forecast)
        let forecastWhy =
            switch (sources.usesMET, sources.chosen) {
            case (true, true): ", as chosen (weather settings --provider met)"
            case (true, false): ", keyless (set OPENWEATHER_API_KEY to use OpenWeatherMap)"
            case (false, true): openWeatherKey ? ", as chosen" : ", as chosen; OPENWEATHER_API_KEY is not set, so sample data"
            case (false, false): " (OPENWEATHER_API_KEY is set); MET Norway fills days a free key lacks"
            }
        let placesWhy =
            switch sources.geocoder {
            case Provider.yandexGeocoder.rawValue: " (YANDEX_GEOCODER_API_KEY is set)"
            case Provider.openWeather.rawValue: "'s geocoder (OPENWEATHER_API_KEY is set)"
            default: " geocoding, keyless"
            }
        let outlookWhy =
            sources.outlook == Provider.openWeatherPro.rawValue
            ? "'s climate forecast where the key's plan has it, else the Open-Meteo ensemble outlook"
            : " ensemble outlook (GFS, 31 members), keyless"
        return [forecast + forecastWhy, "places: " + name(sources.geocoder) + placesWhy, "25 days: " + name(sources.outlook) + outlookWhy]
    }

    /// The credits the licences of this run's keyless weather providers ask for.
    static func weatherCredits(_ sources: ForecastSources) -> String? {
        var credits: [String] = []
        if sources.usesMET { credits.append(METNorway.attribution) }
        if [sources.geocoder, sources.outlook].contains(where: { Provider(rawValue: $0)?.brand == "Open-Meteo" }) {
            credits.append(OpenMeteo.attribution)
        }
        if sources.geocoder == Provider.openMeteoGeocoding.rawValue { credits.append("Location data based on GeoNames (CC BY 4.0)") }
        return credits.isEmpty ? nil : credits.joined(separator: "; ")
    }

    /// "Settings:" with each variable in use and where it came from; the `.env` lines ignored.
    static func settingsLines(_ report: DoctorReport) -> String {
        var text = ""
        if !report.settings.isEmpty {
            text += "\n\nSettings:\n" + report.settings.map { "  \($0.variable) (\($0.from))" }.joined(separator: "\n")
        }
        if !report.ignored.isEmpty {
            text += "\n  ignored from .env (request settings come only from the environment or config file): "
            text += report.ignored.joined(separator: ", ")
        }
        return text
    }

    /// The sample data sets in the order they are searched, or how to install them.
    static func sampleData(_ report: DoctorReport, style: Style) -> String {
        guard !report.fixtureSets.isEmpty else {
            return style.red("not found (install with `make install`, or set ALMANAC_FIXTURES_DIR to a Fixtures folder)")
        }
        let sets = report.fixtureSets.map { set in "\(set.path) (\(set.kind)\(set.recordedOn.map { ", recorded \($0)" } ?? ""))" }
        return sets.joined(separator: ", then ")
    }

    static func render(_ report: DoctorReport, style: Style) -> String {
        var table = Table([.init("Provider"), .init("Key"), .init("Mode"), .init("Base URL"), .init("Check")])
        var answers = Table([.init("Provider"), .init("Answers from")])
        for provider in report.providers {
            let key = provider.keyVariable.map { provider.keySet ? "\($0) set" : "\($0) not set" } ?? "not needed"
            var check = ""
            if let result = provider.check {
                if result.ok, let note = result.error {
                    check = style.dim(note)
                } else {
                    check = result.ok ? style.green("ok \(result.latencyMs ?? 0) ms") : style.red("failed: \(result.error ?? "")")
                }
            }
            table.add([provider.name, key, provider.mode, provider.baseURL, check])
            answers.add([provider.name, provider.answers ?? provider.mode])
        }
        var folders = Table([.init("Folder"), .init("Path"), .init("Writable")])
        for folder in report.folders { folders.add([folder.role, folder.path, folder.writable ? "yes" : style.red("no")]) }
        var text =
            "Almanac \(report.version)\n\n" + table.render(style: style) + "\n\n" + answers.render(style: style)
            + "\n\n" + folders.render(style: style)
        if let weather = report.weather {
            let openWeatherKey = report.providers.first { $0.provider == Provider.openWeather.rawValue }?.keySet ?? false
            text += "\n\nWeather:\n" + reasons(weather, openWeatherKey: openWeatherKey).map { "  " + $0 }.joined(separator: "\n")
            if let credits = weatherCredits(weather) { text += "\n  credits: " + credits }
            text += "\n  warnings: keyless, from a place's national service: " + WarningService.everyService
        }
        if let crypto = report.crypto {
            text += "\n\nCrypto:\n  " + cryptoReason(crypto) + (crypto.usesKraken ? "\n  credit: " + Kraken.attribution : "")
        }
        text += settingsLines(report) + "\n\nSample data: " + sampleData(report, style: style)
        if let credits = report.credits, report.crypto?.usesKraken != true {
            text +=
                "\nTwelve Data credits: \(credits.minuteUsed) of \(credits.minuteLimit) used this minute, "
                + "\(credits.dayUsed) of \(credits.dayLimit) today (almanac crypto usage)"
        }
        return text
    }
}
