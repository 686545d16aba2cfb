import AlmanacCore
import Foundation

/// One local day of the ensemble outlook: what the members agree on and how far they spread.
/// Temperatures in °C, amounts in mm, chances 0…1.
public struct OutlookDay: Codable, Sendable, Equatable {
    /// The middle of the spread: half the members are below, half above.
    public struct Spread: Codable, Sendable, Equatable {
        public var median: Double
        /// The 10th and 90th percentiles of the members' values.
        public var low: Double
        public var high: Double
    }

    public var date: LocalDate
    public var minimum: Spread
    public var maximum: Spread
    /// The share of members with at least `EnsembleMapper.wetDay` mm that day.
    public var precipitationChance: Double?
    /// The members' median amount.
    public var precipitation: Double?
    /// How many members had a value that day.
    public var members: Int
}
