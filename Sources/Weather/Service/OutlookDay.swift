import AlmanacClient
import AlmanacCore
import Foundation

/// One local day of the ensemble outlook: what the members agree on and how far they spread.
/// Temperatures in °C, amounts in mm, chances 0…1.
package struct OutlookDay: Codable, Sendable, Equatable {
    /// The middle of the spread: half the members are below, half above.
    package struct Spread: Codable, Sendable, Equatable {
        /// The members' median.
        package var median: Double
        /// The 10th and 90th percentiles of the members' values.
        package var low, high: Double
    }

    /// The local day.
    package var date: LocalDate
    /// The daily minimum's and maximum's spread over the members.
    package var minimum, maximum: Spread
    /// The share of members with at least `EnsembleMapper.wetDay` mm that day.
    package var precipitationChance: Double?
    /// The members' median amount.
    package var precipitation: Double?
    /// How many members had a value that day.
    package var members: Int
    /// How many of the runs show the day's rain, frost or heat.
    package var odds: ModelOdds? = nil
}

/// How many of the ensemble's runs show a day's rain, frost or heat (docs/weather.md, "Model
/// odds"), and how closely they agree: counts of model runs, never a calibrated probability.
package struct ModelOdds: Codable, Sendable, Equatable {
    /// How closely the runs agree on the day's high: its 10th to 90th percentile within 3 °C is
    /// `high`, within 6 °C `medium`, wider `low`.
    package enum Confidence: String, Codable, Sendable {
        case high, medium, low

        /// The word for a spread of `width` °C between the 10th and 90th percentiles of the highs.
        package init(spread width: Double) {
            self = width <= 3 ? .high : width <= 6 ? .medium : .low
        }
    }

    /// The runs with a low and a high that day.
    package var runs: Int
    /// Runs with at least `rainDay` mm; runs with a low below 0 °C; runs with a high above 30 °C.
    package var rain, frost, heat: Int
    package var confidence: Confidence

    /// Millimetres from which a run's day counts as rain in the odds (1 mm, as climatology counts
    /// rain days; lighter amounts are `EnsembleMapper.wetDay`'s chance of any precipitation).
    package static let rainDay = 1.0
    /// The high above which a run's day counts as hot, °C.
    package static let hotDay = 30.0
}
