import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Remembers which notes were said today (`notices.json` in the state folder), so a note that
/// would repeat on every run — "KEY is not set; showing sample data" — is said once a day.
/// Only a convenience: an unreadable file just means the note is said again.
struct NoticeLog {
    let url: URL

    init(stateFolder: URL) {
        url = stateFolder.appendingPathComponent("notices.json")
    }

    /// True the first time `key` is asked about on `day`; records it. A note already said today
    /// is known from one read, with no lock and no write.
    func firstToday(_ key: String, day: LocalDate) -> Bool {
        if read()[key] == day.description { return false }
        return
            (try? FileLock.withLock(url.appendingPathExtension("lock")) { () -> Bool in
                var said = read()
                if said[key] == day.description { return false }
                said[key] = day.description
                try AtomicFile.write(try JSONEncoder().encode(said), to: url, durable: false)
                return true
            }) ?? true
    }

    private func read() -> [String: String] {
        FileBytes.read(atPath: url.path).flatMap { try? JSONTreeDecoder().decode([String: String].self, from: $0) } ?? [:]
    }
}
