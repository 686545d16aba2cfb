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
}
