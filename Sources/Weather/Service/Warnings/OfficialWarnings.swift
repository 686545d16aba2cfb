import AlmanacCore
import AlmanacProviders
import Foundation

/// The rules that turn a warning service's answer into the warnings a person should see: only
/// messages whose `status` is Actual, in any case, count (never a Test or an Exercise); a message
/// that ends or replaces a warning is never one (`endsAWarning`), whatever its type; a warning
/// already over is left out; a message the answer repeats is shown once; the worst first, then
/// the soonest. Pure functions of the answer and the time.
package enum OfficialWarnings {
    /// MET Norway's MetAlerts: each Actual feature a warning over `when.interval`.
    package static func from(_ answer: METNorwayDTO.Alerts, now: Date) -> [OfficialWarning] {
        let warnings = answer.features.compactMap { feature -> OfficialWarning? in
            let message = feature.properties
            guard isActual(message.status), !endsAWarning(type: message.type) else { return nil }
            let interval = feature.when?.interval ?? []
            let event = readable(message.eventAwarenessName ?? message.event ?? "Warning")
            return OfficialWarning(
                provider: "metno", id: message.id, event: event, severity: .init(word: message.severity),
                level: metLevel(message.awareness_level), headline: message.title ?? event, description: text(message.description),
                instruction: text(message.instruction), onset: interval.first.flatMap(InstantText.parse),
                expires: interval.count > 1 ? InstantText.parse(interval[1]) : nil, areas: message.area.map { [$0] } ?? [],
                sender: "MET Norway")
        }
        return ordered(warnings, now: now)
    }

    /// The NWS: an Actual Alert or Update is a warning until `ends`, or `expires` when `ends` is
    /// null; an Update replaces what it references; a message that ends a warning — a Cancel, or
    /// an Alert or Update whose urgency, response, VTEC action or headline says so — is never a
    /// warning and removes what it references.
    package static func from(_ answer: NationalWeatherServiceDTO.Alerts, now: Date) -> [OfficialWarning] {
        let messages = answer.features.map(\.properties).filter { isActual($0.status) }
        let ending = Set(
            messages.filter {
                endsAWarning(
                    type: $0.messageType, urgency: $0.urgency, response: $0.response, vtec: $0.parameters?.VTEC ?? [], headline: $0.headline)
            }.map(\.id))
        let replaced = Set(
            messages.filter { ($0.messageType ?? "").lowercased() == "update" || ending.contains($0.id) }
                .flatMap { ($0.references ?? []).map(\.identifier) })
        let warnings = messages.compactMap { message -> OfficialWarning? in
            guard !ending.contains(message.id), !replaced.contains(message.id) else { return nil }
            let event = message.event ?? "Warning"
            return OfficialWarning(
                provider: "nws", id: message.id, event: event, severity: .init(word: message.severity), level: nil,
                headline: message.headline ?? event, description: text(message.description), instruction: text(message.instruction),
                onset: (message.onset ?? message.effective).flatMap(InstantText.parse),
                expires: (message.ends ?? message.expires).flatMap(InstantText.parse),
                areas: (message.areaDesc ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
                sender: message.senderName ?? "National Weather Service")
        }
        return ordered(warnings, now: now)
    }

    /// DWD through Bright Sky: each actual message a warning; a null `expires` is open-ended;
    /// the level is DWD's step for its severity.
    package static func from(_ answer: BrightSkyDTO.Alerts, now: Date) -> [OfficialWarning] {
        let area = answer.location?.name
        let warnings = answer.alerts.compactMap { message -> OfficialWarning? in
            guard isActual(message.status ?? "actual"), !endsAWarning(urgency: message.urgency, response: message.response_type) else { return nil }
            let event = readable(message.event_en ?? message.event_de ?? "Warning")
            let severity = OfficialWarning.Severity(word: message.severity)
            return OfficialWarning(
                provider: "brightsky", id: message.alert_id ?? message.id.map(String.init) ?? event, event: event, severity: severity,
                level: severity.map(level), headline: message.headline_en ?? message.headline_de ?? event,
                description: text(message.description_en ?? message.description_de),
                instruction: text(message.instruction_en ?? message.instruction_de),
                onset: (message.onset ?? message.effective).flatMap(InstantText.parse),
                expires: message.expires.flatMap(InstantText.parse), areas: area.map { [$0] } ?? [], sender: "Deutscher Wetterdienst")
        }
        return ordered(warnings, now: now)
    }

    /// Whether a CAP message ends or replaces a warning rather than announcing one (any case): a
    /// `Cancel`, urgency `Past`, response `AllClear`, P-VTEC actions that each cancel, upgrade or
    /// let a warning expire (`CAN`, `UPG`, `EXP`; a message that also issues one, `NEW`, is a
    /// warning), or a headline saying it was cancelled or replaced. Services send such messages
    /// as ordinary Alerts and Updates.
    static func endsAWarning(
        type: String? = nil, urgency: String? = nil, response: String? = nil, vtec: [String] = [], headline: String? = nil
    ) -> Bool {
        if type?.lowercased() == "cancel" || urgency?.lowercased() == "past" || response?.lowercased() == "allclear" { return true }
        // A message may carry several actions (an upgraded watch and the new warning, `UPG` and
        // `NEW`): it ends a warning only when each of them does.
        let endingActions: Set<Substring> = ["CAN", "UPG", "EXP"]
        let actions = vtec.compactMap { $0.split(separator: ".").dropFirst().first }
        if !actions.isEmpty, actions.allSatisfy(endingActions.contains) { return true }
        let said = (headline ?? "").lowercased()
        return ["has been cancelled", "has been canceled", "has been replaced", "has expired"].contains { said.contains($0) }
    }

    /// Whether a message's status is Actual (any case).
    static func isActual(_ status: String?) -> Bool { status?.lowercased() == "actual" }

    /// The colour in MET's `2; yellow; Moderate`.
    static func metLevel(_ awareness: String?) -> String? {
        let parts = (awareness ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return parts.count > 1 && ["green", "yellow", "orange", "red"].contains(parts[1]) ? parts[1] : nil
    }

    /// The colour of a severity on DWD's four steps: 1 yellow (minor), 2 orange, 3 red, 4 dark red
    /// (extreme); also the colour shown for a service that has none (the NWS).
    package static func level(_ severity: OfficialWarning.Severity) -> String {
        switch severity {
        case .minor: "yellow"
        case .moderate: "orange"
        case .severe: "red"
        case .extreme: "dark red"
        }
    }

    /// `gale` → `Gale`, `STARKE HITZE` kept; words as the service wrote them, the first capitalised.
    package static func readable(_ event: String) -> String {
        guard let first = event.first, first.isLowercase else { return event }
        return first.uppercased() + event.dropFirst()
    }

    /// Text trimmed, nil when empty.
    static func text(_ value: String?) -> String? {
        let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A severity's place in the order; an unknown one below minor.
    private static func rank(_ severity: OfficialWarning.Severity?) -> Int {
        severity.flatMap { OfficialWarning.Severity.allCases.firstIndex(of: $0) } ?? -1
    }

    /// Not yet over at `now`, each message once (the first of those with one id); the worst
    /// first, then the soonest, then by id.
    static func ordered(_ warnings: [OfficialWarning], now: Date) -> [OfficialWarning] {
        var seen = Set<String>()
        return warnings.filter { !$0.isOver(at: now) && seen.insert($0.id).inserted }.sorted { a, b in
            if a.severity != b.severity { return rank(a.severity) > rank(b.severity) }
            if a.onset != b.onset { return (a.onset ?? .distantPast) < (b.onset ?? .distantPast) }
            return a.id < b.id
        }
    }
}
