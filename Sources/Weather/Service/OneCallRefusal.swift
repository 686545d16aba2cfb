import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Remembers, for a day, that an OpenWeather key was refused One Call 3.0 (HTTP 401: the key has
/// no "One Call by Call" subscription), so later runs go straight to the free endpoints instead of
/// paying a failed request each time. Kept in the state folder as `openweather-onecall.json`,
/// naming the key only by a hash. `doctor --check` asks again.
package struct OneCallRefusal: Sendable {
    /// How long a refusal is believed; a day.
    package static let lifetime: TimeInterval = 86400

    let url: URL
    let keyHash: String

    /// The note for `key`, kept in `stateFolder`.
    package init(stateFolder: URL, key: String) {
        url = stateFolder.appendingPathComponent("openweather-onecall.json")
        keyHash = String(FNV1a.hash(key.utf8), radix: 16)
    }

    private struct Record: Codable {
        var key: String
        var refusedAt: Date
    }

    /// Whether this key was refused less than a day ago.
    package func isRefused(now: Date) -> Bool {
        guard let data = FileBytes.read(atPath: url.path), let record = try? JSONTreeDecoder().decode(Record.self, from: data) else { return false }
        return record.key == keyHash && now.timeIntervalSince(record.refusedAt) < Self.lifetime && record.refusedAt <= now
    }

    /// Notes that One Call refused this key at `now`.
    package func remember(now: Date) {
        guard let data = try? JSONEncoder().encode(Record(key: keyHash, refusedAt: now)) else { return }
        try? AtomicFile.write(data, to: url, durable: false)
    }

    /// Forgets the refusal (the key was accepted).
    package func forget() {
        try? FileManager.default.removeItem(at: url)
    }
}
