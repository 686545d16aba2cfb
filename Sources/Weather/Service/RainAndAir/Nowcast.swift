import AlmanacClient
import AlmanacCore
import Foundation

/// Precipitation for the next two hours at one place (docs/weather.md, "Rain in the next two
/// hours"): one step per 5 or 15 minutes, each the rate in mm/h over the step that starts then.
package struct Nowcast: Sendable, Equatable {
    /// Where the steps come from, which says their resolution.
    package enum Source: String, Sendable, Equatable {
        /// MET Norway's radar nowcast: 5-minute steps, Norway, Sweden, Finland and Denmark.
        case radar
        /// Open-Meteo's native 15-minute models (Central Europe, North America).
        case model15
        /// Open-Meteo's hourly models interpolated to 15 minutes (everywhere else).
        case hourly

        /// The words a reader sees: "radar nowcast, MET Norway, 5 min".
        package var words: String {
            switch self {
            case .radar: "radar nowcast, MET Norway, 5 min"
            case .model15: "Open-Meteo 15-minute model"
            case .hourly: "Open-Meteo hourly model, interpolated to 15 min"
            }
        }

        /// Minutes a step covers.
        package var minutes: Int { self == .radar ? 5 : 15 }
    }

    /// One step: its start and its rate (nil where the provider sent none).
    package struct Step: Sendable, Equatable {
        package var time: Date
        package var millimetresPerHour: Double?
    }

    package var source: Source
    /// Steps from the one under way now, at most two hours' worth, in time order.
    package var steps: [Step]

    package init(source: Source, steps: [Step]) {
        (self.source, self.steps) = (source, steps)
    }

    /// Rain is falling at this rate or more (mm/h): below it radar and models show drizzle noise.
    package static let wet = 0.1

    /// The steps of the next two hours from `now`: the one under way and those starting within two
    /// hours of it; none when the last step has ended (a nowcast past its validity is never shown as current).
    package func upcoming(from now: Date) -> [Step] {
        let length = TimeInterval(source.minutes * 60)
        let coming = steps.filter { $0.time.addingTimeInterval(length) > now }
        guard let first = coming.first else { return [] }
        return coming.filter { $0.time < first.time.addingTimeInterval(2 * 3600) }
    }
}
