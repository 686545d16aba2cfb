import AlmanacClient
import AlmanacCore
import Foundation

/// The next two hours in one sentence and in a status bar's few characters (docs/weather.md,
/// "Rain in the next two hours"): "Rain from 14:30 for about 40 minutes, light (0.8 mm/h).",
/// "Raining now, easing by 15:10.", "No rain expected in the next 2 hours.".
package struct NowcastSentence: Sendable, Equatable {
    /// What the steps say, as values.
    package enum Outlook: Sendable, Equatable {
        /// Dry throughout.
        case dry
        /// Rain from `start` for `minutes` (`lasting`: still falling when the steps end), its
        /// heaviest rate `peak` (mm/h).
        case arriving(start: Date, minutes: Int, lasting: Bool, peak: Double)
        /// Rain falling now, ending at `end` (nil: not within the steps), its heaviest rate `peak`.
        case falling(end: Date?, peak: Double)
        /// No step carries a value.
        case unknown
    }

    package var outlook: Outlook

    /// The outlook of `steps` (from the one under way now), each `minutes` long.
    package init(steps: [Nowcast.Step], minutes: Int) {
        let rates = steps.map(\.millimetresPerHour)
        let wet = rates.map { ($0 ?? 0) >= Nowcast.wet }
        guard let first = wet.firstIndex(of: true) else {
            outlook = rates.contains { $0 != nil } ? .dry : .unknown
            return
        }
        let end = wet[first...].firstIndex(of: false)
        let peak = rates[first..<(end ?? rates.count)].compactMap { $0 }.max() ?? 0
        if first == 0 {
            outlook = .falling(end: end.map { steps[$0].time }, peak: peak)
        } else {
            outlook = .arriving(start: steps[first].time, minutes: ((end ?? steps.count) - first) * minutes, lasting: end == nil, peak: peak)
        }
    }

    /// Light below 2.5 mm/h, moderate below 7.6, heavy from there (the usual rain-rate classes).
    package static func intensity(_ rate: Double) -> String { rate < 2.5 ? "light" : rate < 7.6 ? "moderate" : "heavy" }

    /// The sentence, times as `clock` words them (`14:30`).
    package func sentence(clock: (Date) -> String) -> String {
        switch outlook {
        case .dry: return "No rain expected in the next 2 hours."
        case .unknown: return "The nowcast has no precipitation values."
        case .falling(let end, let peak):
            let easing = end.map { "easing by \(clock($0))" } ?? "for the next 2 hours at least"
            return "Raining now, \(easing), \(Self.intensity(peak)) (\(Self.rate(peak)) mm/h)."
        case .arriving(let start, let minutes, let lasting, let peak):
            let length = lasting ? "for \(minutes) minutes at least" : "for about \(minutes) minutes"
            return "Rain from \(clock(start)) \(length), \(Self.intensity(peak)) (\(Self.rate(peak)) mm/h)."
        }
    }

    /// For a status bar: "☔ now", "☔ 14:30"; empty when dry or unknown.
    package func short(clock: (Date) -> String) -> String {
        switch outlook {
        case .dry, .unknown: ""
        case .falling: "☔ now"
        case .arriving(let start, _, _, _): "☔ \(clock(start))"
        }
    }

    /// A rate with one decimal (`0.8`, `12.0`).
    static func rate(_ value: Double) -> String { DecimalText.fixed(value, 1) }
}
