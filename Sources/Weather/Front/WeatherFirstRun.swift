import AlmanacClient
import AlmanacCore
import AlmanacProviders
import Foundation
import FrontKit
import TerminalKit
import Weather

/// `almanac weather` with no saved city: an ordinary first run, not a usage error.
///
/// On a terminal it says where weather comes from and asks: a city by name (with the
/// geocoder's choices) or the city of the system time zone — never guessed without asking. The
/// choice is saved as the default. Piped or with `--json` it asks nothing: it shows the sample
/// city and says on stderr how to save one.
package struct WeatherFirstRun {
    /// The city shown when nobody can be asked; the samples cover it.
    package static let sampleCity = "Moscow"

    let context: FrontContext
    let service: WeatherService

    package func city() async throws -> City {
        guard context.interactive, !context.json else {
            let city = try await service.resolve(Self.sampleCity, pick: 1, chooser: nil)
            context.console.note("note: no saved city yet, so this is \(city.name). Save yours with: almanac weather add NAME")
            return city
        }
        return try await ask()
    }

    /// The city of a time zone identifier: `Europe/Oslo` → `Oslo`, `America/New_York` → `New York`;
    /// nil for zones that name no city (`UTC`, `Etc/GMT+3`).
    package static func zoneCity(_ identifier: String) -> String? {
        let parts = identifier.split(separator: "/")
        guard parts.count >= 2, parts[0] != "Etc", let last = parts.last else { return nil }
        return last.replacingOccurrences(of: "_", with: " ")
    }

    /// What the first run says before it asks: who answers forecasts and places this run
    /// (`ForecastSources`), and whether that is the sample data; each paragraph wrapped at `width`
    /// columns, never inside a sentence's words.
    package static func greeting(_ service: WeatherService, width: Int = 80) -> String {
        let sources = service.runSources
        let sample = [ForecastSources.Capability.forecast, .places].filter(service.onSampleData)
        let offline = service.configuration.offline
        let until = sample.isEmpty ? "" : offline ? " (sample data while --offline is on)" : " (recorded sample data until their keys are set)"
        let paragraphs = [
            "No saved city yet. Almanac shows the weather for the cities you save: forecasts come from \(sources.name(.forecast))"
                + " and place names from \(sources.name(.places))\(until); see almanac doctor.",
            "The city you choose now becomes your default; add more later with: almanac weather add NAME",
        ]
        return paragraphs.map { Style.wrap($0, width: max(width, 20)).joined(separator: "\n") }.joined(separator: "\n")
    }

    private func ask() async throws -> City {
        context.console.note(Self.greeting(service, width: context.style.columns ?? 80))
        let name = try Self.zoneCity(Invocation.timeZoneIdentifier).flatMap(offer) ?? typedName()
        let (city, _) = try await service.addCity(name, pick: nil, chooser: Prompt.choosePlace)
        context.console.note("Saved \(city.label) as your default city.")
        return city
    }

    /// The time zone's city when the person takes it; nil to type one instead.
    private func offer(_ zone: String) throws -> String? {
        guard let choice = Prompt.choose("Which city?", ["Type a city name", "Use \(zone) (from this computer's time zone)"]) else {
            throw WeatherError.noDefaultCity
        }
        return choice == 1 ? zone : nil
    }

    /// A city name typed at the prompt (no menu of one choice when the time zone names no city).
    private func typedName() throws -> String {
        guard let typed = Prompt.text("City name:"), !typed.isEmpty else { throw WeatherError.noDefaultCity }
        return typed
    }
}
