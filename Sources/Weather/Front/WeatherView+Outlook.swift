import Foundation
import FrontKit
import TerminalKit
import Weather

extension WeatherView {
    /// The ensemble outlook: per day the members' median low and high, the range that 8 in 10 of
    /// them fall within (10th percentile of the lows to 90th of the highs) as text and as a bar,
    /// the share of members with precipitation and their median amount. A wide range is a day to
    /// trust less; the heading and footer say it is an outlook.
    func outlook(_ report: WeatherReport, _ days: [OutlookDay]) -> String {
        let scale = (days.map(\.minimum.low).min() ?? 0, days.map(\.maximum.high).max() ?? 0)
        var table = Table(
            [
                .init("Date"), .init("Min", .right), .init("Max", .right), .init("Likely range", .right), .init("Spread"),
                .init("Precip", .right), .init("Amount", .right),
            ] + Self.oddsColumns)
        for day in days {
            table.add(
                [
                    day.date.shortText, format.temperature(day.minimum.median), style.bold(format.temperature(day.maximum.median)),
                    format.temperature(day.minimum.low) + "…" + format.temperature(day.maximum.high), Self.spreadBar(day, scale: scale, width: 20),
                    WeatherFormat.percent(day.precipitationChance), day.precipitation.map(format.precipitation) ?? "—",
                ] + oddsCells(day.odds))
        }
        table.leaveOutFirst(["Spread", "Agree", "Likely range", "Amount", "Model odds", "Precip"])
        let heading = header(report, "\(days.count)-day outlook")
        let note = style.sentence(
            "An outlook, not a forecast: medians of 31 model runs; the range holds 8 runs in 10, so a wide one is a day to trust less."
        ).split(separator: "\n").map { style.dim(String($0)) }.joined(separator: "\n")
        return heading + "\n\n" + table.render(style: style) + "\n\n" + note + "\n" + oddsNote + "\n" + footer(report)
    }

    /// The odds' columns: how many runs show rain, frost or heat, and how closely they agree.
    static let oddsColumns: [Table.Column] = [.init("Model odds"), .init("Agree")]

    /// A day's odds cells: `7/31 rain · 31/31 frost` (`none of 31` when no run shows any) and
    /// the confidence word; dashes where the ensemble does not reach.
    func oddsCells(_ odds: ModelOdds?) -> [String] {
        guard let odds else { return ["—", "—"] }
        let counts = [(odds.rain, "rain"), (odds.frost, "frost"), (odds.heat, "hot")].filter { $0.0 > 0 }
        let text = counts.isEmpty ? "none of \(odds.runs)" : counts.map { "\($0.0)/\(odds.runs) \($0.1)" }.joined(separator: " · ")
        return [text, odds.confidence.rawValue]
    }

    /// What the odds count, in the user's units: model runs, not a calibrated probability.
    var oddsNote: String {
        let sentence =
            "Model odds count the GFS ensemble's runs showing rain (≥ \(format.precipitation(ModelOdds.rainDay))), frost (a low below "
            + "\(format.temperature(0))) or heat (a high above \(format.temperature(ModelOdds.hotDay))), not a calibrated probability; "
            + "Agree says how closely their highs agree."
        return style.sentence(sentence).split(separator: "\n").map { style.dim(String($0)) }.joined(separator: "\n")
    }

    /// The column (0 ..< `width`) of `value` on a bar running from `scale.0` to `scale.1`,
    /// clamped to the bar: the outlook's spread and the normals' band.
    static func barColumn(_ value: Double, scale: (Double, Double), width: Int) -> Int {
        let span = max(scale.1 - scale.0, 0.1)
        return min(width - 1, max(0, Int(rounding: (value - scale.0) / span * Double(width - 1))))
    }

    /// `  ░░░███████░░      `: on a scale from the lowest low to the highest high, `░` spans
    /// the likely range and `█` the median low to the median high.
    static func spreadBar(_ day: OutlookDay, scale: (Double, Double), width: Int) -> String {
        let column = { barColumn($0, scale: scale, width: width) }
        let (rangeStart, rangeEnd) = (column(day.minimum.low), column(day.maximum.high))
        let (coreStart, coreEnd) = (column(day.minimum.median), column(day.maximum.median))
        return String(
            (0..<width).map { index -> Character in
                if (coreStart...max(coreStart, coreEnd)).contains(index) { return "█" }
                if (rangeStart...max(rangeStart, rangeEnd)).contains(index) { return "░" }
                return " "
            })
    }
}
