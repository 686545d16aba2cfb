import AlmanacCore
import Foundation

/// An official weather warning for a place, as its national service issued it (MET Norway, the
/// US National Weather Service, Germany's DWD): never one derived from a forecast.
package struct OfficialWarning: Sendable, Equatable {
    /// The CAP severity, mildest first; "Unknown" and anything else are nil.
    package enum Severity: String, Sendable, CaseIterable {
        case minor, moderate, severe, extreme

        /// From a service's word, any case: `Moderate`, `severe`.
        package init?(word: String?) {
            guard let word, let known = Severity(rawValue: word.lowercased()) else { return nil }
            self = known
        }
    }

    /// The service's stored name: `metno`, `nws`, `brightsky`.
    package var provider: String
    /// The message's identifier, as the service gave it.
    package var id: String
    /// What is coming, for people: `Gale`, `Winter Storm Warning`, `strong heat`.
    package var event: String
    package var severity: Severity?
    /// The service's colour for it where it has one: MET's awareness level (`yellow`, `orange`,
    /// `red`), DWD's four-step scale (`yellow`, `orange`, `red`, `dark red`); nil for the NWS.
    package var level: String?
    package var headline: String
    package var description, instruction: String?
    /// When it starts (nil when the service does not say) and stops being in force (nil: open-ended).
    package var onset, expires: Date?
    /// The areas it covers, by name.
    package var areas: [String]
    /// Who issued it: `MET Norway`, `NWS Boulder CO`, `Deutscher Wetterdienst`.
    package var sender: String
    /// The language of its text when the service sends several (`en-GB`, `hr-HR`); nil when it
    /// sends one.
    package var language: String? = nil

    /// The level's colour, else the severity, as one word (`yellow`, `dark red`, `moderate`); nil
    /// when the service gave neither.
    package var grade: String? { level ?? severity?.rawValue }

    /// Whether it is in force at `now` (started, or no start given, and not yet over).
    package func inForce(at now: Date) -> Bool {
        (onset.map { $0 <= now } ?? true) && !isOver(at: now)
    }

    /// Whether it stopped being in force before `now`.
    package func isOver(at now: Date) -> Bool {
        expires.map { $0 <= now } ?? false
    }
}
