import AlmanacCore
import Foundation

/// One JSON file per cached response under the cache folder.
///
/// Files are 0600 in a 0700 folder, written atomically; names are a hash of the request
/// identity (no secrets). A file that cannot be read is a miss and is removed.
/// The total size is capped; the least recently used files go first.
package final class JSONFileCache: Sendable {
    package let folder: URL
    /// Total size cap in bytes; 100 MB by default.
    package let limitBytes: Int
    private let console: Console

    package init(folder: URL, limitBytes: Int = 100 * 1024 * 1024, console: Console = .silent) {
        self.folder = folder
        self.limitBytes = limitBytes
        self.console = console
    }

    /// The file holding a key: `<provider>-<16 hex digits of FNV-1a>.json`.
    package func fileURL(for key: String, provider: Provider) -> URL {
        folder.appendingPathComponent(Self.fileName(for: key, provider: provider, ext: "json"))
    }

    /// The entry for a key, or nil. Corrupt entries are removed (noted under `--verbose`).
    package func read(key: String, provider: Provider) -> CacheEntry? {
        let url = fileURL(for: key, provider: provider)
        guard let data = FileBytes.read(atPath: url.path) else { return nil }
        guard let entry = CacheEntry.decode(data), entry.key == key else {
            console.debug("cache: dropped unreadable entry \(url.lastPathComponent)")
            try? FileManager.default.removeItem(at: url)
            return nil
        }
        touch(url)
        return entry
    }

    /// Stores an entry atomically, then trims the folder to the size cap.
    package func write(_ entry: CacheEntry) throws {
        let url = fileURL(for: entry.key, provider: entry.provider)
        try AtomicFile.write(entry.encoded(), to: url, durable: false)
        trim()
    }

    /// Removes the entry for a key, if any (an answer the server said not to store).
    package func remove(key: String, provider: Provider) {
        try? FileManager.default.removeItem(at: fileURL(for: key, provider: provider))
    }

    /// Every readable entry with its file size, newest first.
    package func list() -> [(entry: CacheEntry, bytes: Int, file: URL)] {
        files().compactMap { file in
            guard let data = FileBytes.read(atPath: file.path), let entry = CacheEntry.decode(data) else { return nil }
            return (entry, data.count, file)
        }.sorted { $0.entry.fetchedAt > $1.entry.fetchedAt }
    }

    /// Removes all entries, or one provider's; returns how many.
    @discardableResult
    package func clear(provider: Provider? = nil) -> Int {
        var removed = 0
        for file in files() where provider == nil || Self.isFile(file.lastPathComponent, of: provider!, ext: "json") {
            if (try? FileManager.default.removeItem(at: file)) != nil { removed += 1 }
        }
        return removed
    }

    /// Removes entries past their freshness (the server's expiry, else their TTL), and unreadable
    /// ones; returns how many.
    @discardableResult
    package func prune(now: Date) -> Int {
        var removed = 0
        for file in files() {
            let data = FileBytes.read(atPath: file.path)
            let entry = data.flatMap(CacheEntry.decode)
            if entry == nil || !entry!.isFresh(at: now) {
                if (try? FileManager.default.removeItem(at: file)) != nil { removed += 1 }
            }
        }
        return removed
    }

    /// Deletes least recently used files until the folder fits the cap.
    package func trim() {
        FolderCap.trim(folder.path, suffix: ".json", limitBytes: limitBytes)
    }

    // MARK: - Files

    /// The entries' files (hidden temporary files aside).
    private func files() -> [URL] {
        (DirectoryNames.list(atPath: folder.path) ?? []).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map {
            folder.appendingPathComponent($0)
        }
    }

    /// Marks a file as used now (its modification time orders the LRU trim), unless it was
    /// written or marked within the hour: an hour is fine enough to choose what a full cache
    /// drops, and a read costs no write.
    private func touch(_ url: URL) {
        if let marked = FileStamp(path: url.path).modifiedAt, Date().timeIntervalSince1970 - marked < 3600 { return }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
    }

    /// The file name for a key: `<provider>-<16 hex digits of FNV-1a of key>.<ext>`.
    static func fileName(for key: String, provider: Provider, ext: String) -> String {
        "\(provider.rawValue)-\(hash(key)).\(ext)"
    }

    /// Whether a file name is `<provider>-<16 hex digits>.<ext>`: `openweather-…` is not
    /// `openweather-pro-…`.
    static func isFile(_ name: String, of provider: Provider, ext: String) -> Bool {
        let prefix = provider.rawValue + "-"
        let suffix = "." + ext
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return false }
        let hash = name.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count)
        return hash.count == 16
            && hash.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    static func hash(_ text: String) -> String {
        FNV1a.hex(FNV1a.hash(text.utf8))
    }
}
