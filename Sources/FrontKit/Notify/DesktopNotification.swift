import AlmanacCore
import Foundation

/// A desktop notification (freedesktop): what it is about, what it says and how urgent it is.
package struct DesktopNotification: Sendable, Equatable {
    /// The freedesktop urgency levels.
    package enum Urgency: String, Sendable {
        case low, normal, critical
    }

    /// What it is about, remembered between runs: `warning metno 2.49.0.1.578…`, `alert 3`.
    package var key: String
    /// Changes whenever what it says changes, so a changed item is sent again.
    package var fingerprint: String
    /// How long it is remembered after it was last seen (a warning: until it ends).
    package var keepUntil: Date
    /// The title line.
    package var summary: String
    /// The text under it, lines separated by newlines.
    package var body: String
    package var urgency: Urgency

    package init(key: String, fingerprint: String, keepUntil: Date, summary: String, body: String, urgency: Urgency) {
        (self.key, self.fingerprint, self.keepUntil) = (key, fingerprint, keepUntil)
        (self.summary, self.body, self.urgency) = (summary, body, urgency)
    }

    /// A fingerprint of the parts that make an item what it is (FNV-1a over them, in order).
    package static func fingerprint(_ parts: [String?]) -> String {
        FNV1a.hex(FNV1a.hash(parts.map { $0 ?? "∅" }.joined(separator: "\u{1F}").utf8))
    }
}

/// What was notified, kept in the state folder (`notified.json`), changed under its lock and
/// written atomically like every other document (`DocumentStore`): a run that dies halfway
/// remembers what it sent, and a file it cannot read is never written over.
package struct NotifiedDocument: StoredDocument, Equatable {
    package static let schemaVersion = 1
    package static let fileName = "notified.json"

    /// One item sent: the fingerprint it was sent with, and until when it is remembered.
    package struct Sent: Codable, Sendable, Equatable {
        package var fingerprint: String
        package var keepUntil: Date
    }

    /// By `DesktopNotification.key`.
    package var sent: [String: Sent] = [:]
    /// What a run is sending now, by key: the fingerprint and the run's deadline (a claim lapses
    /// then, should the run die). Absent from files written before claims.
    package var claims: [String: Sent]?

    package static func initial() -> NotifiedDocument { NotifiedDocument() }

    /// The notifications not sent before as they are now: new, or changed since.
    package func unsent(_ notifications: [DesktopNotification]) -> [DesktopNotification] {
        notifications.filter { sent[$0.key]?.fingerprint != $0.fingerprint }
    }

    /// Those of `notifications` no other run is sending as they are now at `now`.
    package func unclaimed(_ notifications: [DesktopNotification], at now: Date) -> [DesktopNotification] {
        notifications.filter { item in (claims?[item.key]).map { $0.fingerprint != item.fingerprint || $0.keepUntil <= now } ?? true }
    }

    /// Claims `items` until `until`.
    package mutating func claim(_ items: [DesktopNotification], until: Date) {
        guard !items.isEmpty else { return }
        var all = claims ?? [:]
        for item in items { all[item.key] = Sent(fingerprint: item.fingerprint, keepUntil: until) }
        claims = all
    }

    /// Lets the claims on `items` go (sent or not); nil when none is left.
    package mutating func release(_ items: [DesktopNotification]) {
        guard var all = claims else { return }
        for item in items where all[item.key]?.fingerprint == item.fingerprint { all[item.key] = nil }
        claims = all.isEmpty ? nil : all
    }

    /// Remembers `sent`; keeps remembering what is `seen` again as it was sent (to its new
    /// `keepUntil`); forgets what was kept past its time at `now`.
    package mutating func remember(sent newly: [DesktopNotification], seen: [DesktopNotification], now: Date) {
        sent = sent.filter { $0.value.keepUntil > now }
        for item in seen where sent[item.key]?.fingerprint == item.fingerprint { sent[item.key]?.keepUntil = item.keepUntil }
        for item in newly { sent[item.key] = Sent(fingerprint: item.fingerprint, keepUntil: item.keepUntil) }
    }
}
