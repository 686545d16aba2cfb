import AlmanacProviders
import Foundation
import FrontKit
import TerminalKit
import Weather

/// The Weather tab's screens: the city with its conditions and forecast, 24 hours in detail,
/// the settings.
extension WeatherTab {
    package func body(width: Int, height: Int) -> [String] {
        let style = context.style
        if let adding { return ["", style.bold("Add a city"), ""] + adding.lines(style: style, width: width).map { "  " + $0 } }
        if let choice { return [""] + choice.list.lines(style: style) }
        guard let document, let city else {
            return ["", "No saved cities yet. Press + to add one (a name, or lat,lon)."] + messageLines(width: width)
        }
        if data[city.label] == nil { loadCity() }
        switch screen {
        case .settings: return settingsBody(document.settings, width: width)
        case .hours: return hoursBody(city, width: width, height: height)
        case .main: return mainBody(document, city, width: width, height: height)
        }
    }

    func cityBar(_ document: WeatherDocument, _ city: City) -> String {
        let style = context.style
        let index = document.cities.firstIndex(of: city).map { $0 + 1 } ?? 1
        let isDefault = document.defaultCity == city ? style.dim(" (default)") : ""
        return style.bold("◀ \(city.label) ▶") + isDefault + style.dim("  city \(index) of \(document.cities.count)")
    }

    func mainBody(_ document: WeatherDocument, _ city: City, width: Int, height: Int) -> [String] {
        let style = context.style
        guard let data = data[city.label] else { return [] }
        var lines = [cityBar(document, city), ""]
        if let report = data.now.value, case let view = flow.view(report, settings: document.settings, width: width) {
            lines += split(view.current(report, notes: data.notes.value ?? .none)).dropFirst(2).dropLast(2)
        } else {
            lines.append(data.now.failure.map { style.red($0) } ?? "Loading…")
        }
        lines.append("")
        let forecast = long ? data.month : data.week
        if let report = forecast.value, case let view = flow.view(report, settings: document.settings, width: width) {
            lines += split(view.forecast(report))
        } else {
            lines.append(forecast.failure.map { style.red($0) } ?? "Loading the forecast…")
        }
        lines += ["", style.cyan("▸ 24 hours in detail (Enter)")] + messageLines(width: width)
        return scroller.window(lines, height: height, style: style)
    }

    func hoursBody(_ city: City, width: Int, height: Int) -> [String] {
        let style = context.style
        guard let report = data[city.label]?.hours.value, let settings = document?.settings, !report.hourly.isEmpty else {
            let state = data[city.label]?.hours.failure.map { style.red($0) } ?? "Loading…"
            return Style.wrap("24 hours — \(city.label)", width: width).map(style.bold) + [""] + Style.wrap(state, width: width)
        }
        let view = flow.view(report, settings: settings, width: width)
        hour = min(hour, report.hourly.count - 1)
        let labels = report.hourly.map { view.format.time($0.time) }
        let cell = (labels.map(\.count).max() ?? 5) + 2
        let visible = max(1, (width - 4) / cell)
        let first = max(0, min(hour - visible / 2, report.hourly.count - visible))
        let strip = (first..<min(report.hourly.count, first + visible)).map { index in
            let label = " " + labels[index].padding(toLength: cell - 1, withPad: " ", startingAt: 0)
            return index == hour ? Scroller.highlight(label, style: style) : label
        }.joined()
        var lines = split(view.header(report, "Next \(report.hourly.count) \(report.model == .free ? "3-hour steps" : "hours")")) + ["", strip, ""]
        lines += split(view.hour(report, at: hour))
        let chartWidth = min(64, width - 12)
        let chart = view.temperatureChart(report, width: chartWidth)
        if !chart.isEmpty {
            var chartLines = split(chart)
            // Under the axis, a mark at the chosen hour (one column an hour while they fit).
            if report.hourly.count <= chartWidth, let axis = chartLines.first?.firstIndex(of: "┤"), chartLines.count > 1 {
                let column = chartLines[0].distance(from: chartLines[0].startIndex, to: axis) + 1 + hour
                chartLines.insert(String(repeating: " ", count: column) + style.cyan("▲"), at: chartLines.count - 1)
            }
            lines += [""] + chartLines
        }
        return Array((lines + [""] + split(view.footer(report))).prefix(height))
    }

    func settingsBody(_ settings: WeatherSettings, width: Int) -> [String] {
        var style = context.style
        style.columns = width - 2
        let keys = split(style.footer(["u units", "w wind unit", "c 12/24-hour clock — each applies at once", "Esc back"]))
        return [style.bold("Weather settings"), ""] + split(WeatherView.settings(settings)).map { "  " + $0 } + [""] + keys.map { "  " + $0 }
            + messageLines(width: width)
    }

    func messageLines(width: Int) -> [String] {
        guard case .loaded(let text, _) = action.current else { return [] }
        return [""] + Style.wrap(context.style.green(text), width: width)
    }

    func split(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
}
