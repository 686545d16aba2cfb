import AlmanacCore
import AlmanacHTTP
import Foundation

/// Remembers which notes were said today (`notices.json` in the state folder), so a note that
/// would repeat on every run — "KEY is not set; showing sample data" — is said once a day.
/// Only a convenience: an unreadable file just means the note is said again.
struct NoticeLog {
    private let said: StateMap<String>

    init(stateFolder: URL) {
        said = StateMap(stateFolder: stateFolder, name: "notices.json")
    }

    /// True the first time `key` is asked about on `day`; records it. A note already said today
    /// is known from one read, with no lock and no write.
    func firstToday(_ key: String, day: LocalDate) -> Bool {
        if said.read()[key] == day.description { return false }
        return said.update { said in
            if said[key] == day.description { return false }
            said[key] = day.description
            return true
        } ?? true
    }
}
