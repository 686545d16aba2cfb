import AlmanacCore
import AlmanacProviders
import Foundation

/// Environment and Climate Change Canada's rules (docs/weather.md, "Official warnings"), the same
/// as every service's: an alert whose status says it ended is none; a region's feature once per
/// alert; the text exactly as ECCC wrote it (its licence forbids altering an alert's content).
extension OfficialWarnings {
    /// The alerts of ECCC's answer for a point: its risk colour is the level (no CAP severity is
    /// sent); in force from publication until the event's end, else the alert's expiry.
    package static func from(_ answer: ECCCDTO.Alerts, now: Date) -> [OfficialWarning] {
        let warnings = answer.features.compactMap { feature -> OfficialWarning? in
            let alert = feature.properties
            let status = (alert.status_en ?? "").lowercased()
            guard !["ended", "cancelled", "canceled", "expired"].contains(status) else { return nil }
            let event = readable(alert.alert_short_name_en ?? alert.alert_name_en ?? "Alert")
            return OfficialWarning(
                provider: "eccc", id: alert.id ?? feature.id ?? event, event: event, severity: nil,
                level: colourCode(alert.risk_colour_en), headline: readable(alert.alert_name_en ?? event),
                description: text(alert.alert_text_en), instruction: nil, onset: alert.publication_datetime.flatMap(InstantText.parse),
                expires: (alert.event_end_datetime ?? alert.expiration_datetime).flatMap(InstantText.parse),
                areas: alert.feature_name_en.map { [$0] } ?? [], sender: "Environment and Climate Change Canada")
        }
        return ordered(warnings, now: now)
    }
}
