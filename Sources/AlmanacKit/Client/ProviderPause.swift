import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// A provider's own "not before" (a 429's `Retry-After`), kept in the state folder
/// (`pauses.json`) so no run sends to it before that time. Only a convenience: an unreadable
/// file means no pause.
struct ProviderPause {
    let url: URL

    init(stateFolder: URL) {
        url = stateFolder.appendingPathComponent("pauses.json")
    }

    /// When the provider may be asked again, if that is after `now`.
    func until(_ provider: Provider, now: Date) -> Date? {
        guard let seconds = read()[provider.rawValue] else { return nil }
        let date = Date(timeIntervalSince1970: seconds)
        return date > now ? date : nil
    }

    /// Remembers that `provider` asked not to be sent anything before `date`.
    func pause(_ provider: Provider, until date: Date) {
        _ = try? FileLock.withLock(url.appendingPathExtension("lock")) {
            var pauses = read()
            pauses[provider.rawValue] = date.timeIntervalSince1970
            try AtomicFile.write(try JSONEncoder().encode(pauses), to: url, durable: false)
        }
    }

    private func read() -> [String: Double] {
        FileBytes.read(atPath: url.path).flatMap { try? JSONTreeDecoder().decode([String: Double].self, from: $0) } ?? [:]
    }
}
