import AlmanacCore
import AlmanacHTTP
import Foundation

/// A small JSON object kept in the state folder (`notices.json`, `pauses.json`, …): read with no
/// lock, changed under an exclusive file lock and written atomically, so concurrent runs never
/// lose each other's entries. Only a convenience: an unreadable file reads as empty, and a failed
/// write is dropped.
package struct StateMap<Value: Codable> {
    package let url: URL

    package init(stateFolder: URL, name: String) {
        url = stateFolder.appendingPathComponent(name)
    }

    /// Every entry; empty when the file is missing or unreadable.
    package func read() -> [String: Value] {
        FileBytes.read(atPath: url.path).flatMap { try? JSONTreeDecoder().decode([String: Value].self, from: $0) } ?? [:]
    }

    /// Changes the entries read under the lock and writes them back; returns `change`'s answer,
    /// or nil when the lock or the write failed.
    @discardableResult
    package func update<T>(_ change: (inout [String: Value]) -> T) -> T? {
        try? FileLock.withLock(url.appendingPathExtension("lock")) {
            var entries = read()
            let answer = change(&entries)
            try AtomicFile.write(try JSONEncoder().encode(entries), to: url, durable: false)
            return answer
        }
    }
}
