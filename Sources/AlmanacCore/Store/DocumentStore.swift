import Foundation

/// Problems with a user document.
package enum StoreError: Error, Equatable, CustomStringConvertible, Sendable {
    case newerVersion(file: String, found: Int, known: Int)
    /// A damaged document with nothing readable in it, moved to `keptAt`. Exit 65.
    case damaged(what: String, keptAt: String)
    /// A document that exists but cannot be read (permissions, a folder in its place). Exit 74;
    /// it is never written over.
    case unreadable(file: String, reason: String)

    package var description: String {
        switch self {
        case .newerVersion(let file, let found, let known):
            "\(file) was written by a newer Almanac (schema \(found), this one knows \(known)); it is left untouched. Upgrade Almanac."
        case .damaged(let what, let keptAt):
            "Your \(what) file was damaged and nothing in it could be read; it is kept at \(keptAt). Nothing was deleted."
        case .unreadable(let file, let reason):
            "\(file) cannot be read (\(reason.prefix(1).lowercased() + reason.dropFirst())); nothing was changed. Check its owner and permissions."
        }
    }
}

/// A user document kept as JSON: `{"schema": N, "data": {...}}`.
package protocol StoredDocument: Codable, Sendable {
    /// The schema version this program writes.
    static var schemaVersion: Int { get }
    /// The file name under the data folder, e.g. `exams.json`.
    static var fileName: String { get }
    /// The document when the file does not exist yet.
    static func initial() -> Self
    /// Upgrades the `data` object of an older schema to the current one; identity by default.
    static func migrate(_ data: JSONValue, from version: Int) -> JSONValue
    /// Restores what recovered records imply (the next ID after the highest kept); nothing by default.
    mutating func afterRecovery()
    /// The same, knowing the highest ID the damaged file named anywhere (`"id"` or `nextID` - 1),
    /// so no ID it ever held is given again; calls `afterRecovery()` by default.
    mutating func afterRecovery(highestID: Int)
}

extension StoredDocument {
    package static func migrate(_ data: JSONValue, from version: Int) -> JSONValue { data }
    package mutating func afterRecovery() {}
    package mutating func afterRecovery(highestID: Int) { afterRecovery() }
}

/// A document of records numbered from 1 whose numbers are never given twice: after a
/// recovery, the next number follows the highest recovered.
package protocol NumberedDocument: StoredDocument {
    /// The number the next record gets.
    var nextID: Int { get set }
    /// The numbers of the records it holds.
    var numbers: [Int] { get }
}

extension NumberedDocument {
    package mutating func afterRecovery() {
        nextID = max(nextID, (numbers.max() ?? 0) + 1)
    }
}

/// Reads and changes one document: every change is read-modify-write under an exclusive
/// lock and written atomically, so concurrent runs never lose an update. A read takes no lock
/// (a reader sees the old file or the new one, never a mix) unless the file is damaged, and
/// with a `memo` a run reads each document once while its file keeps its stamp.
package struct DocumentStore<Document: StoredDocument>: Sendable {
    package let url: URL
    package let console: Console
    private let clock: any Clock
    /// The run's documents already read (`AppContext.documents`); nil reads the file each time.
    private let memo: DocumentMemo?

    package init(folder: URL, console: Console = .silent, clock: any Clock = SystemClock(), memo: DocumentMemo? = nil) {
        self.url = folder.appendingPathComponent(Document.fileName)
        self.console = console
        self.clock = clock
        self.memo = memo
    }

    private var lockURL: URL { url.appendingPathExtension("lock") }

    /// The store of another document in the same folder, with the same console and clock.
    package func sibling<Other: StoredDocument>(_ type: Other.Type) -> DocumentStore<Other> {
        DocumentStore<Other>(folder: url.deletingLastPathComponent(), console: console, clock: clock, memo: memo)
    }

    /// The current document (the initial one when absent). A damaged file is moved aside and
    /// what it still holds is recovered (said on stderr); with nothing readable in it this
    /// throws `StoreError.damaged`.
    package func read() throws -> Document {
        let stamp = FileStamp(path: url.path)
        if let kept = memo?.document(Document.self, at: url.path, stamp: stamp) { return kept }
        let document = try readUnlocked() ?? FileLock.withLock(lockURL) { try load(requireRecovery: true) }
        memo?.keep(document, at: url.path, stamp: stamp)
        return document
    }

    /// The document with no lock: the initial one when absent; nil when damaged (recovery
    /// writes, so it runs under the lock).
    private func readUnlocked() throws -> Document? {
        guard let data = try bytes() else { return Document.initial() }
        return try decodeIfSound(data)
    }

    /// The document as the file holds it, with no lock, no recovery and no write: nil when the
    /// file is absent, unreadable, damaged or newer. For deciding, not for changing.
    package func peek() -> Document? {
        let stamp = FileStamp(path: url.path)
        if let kept = memo?.document(Document.self, at: url.path, stamp: stamp) { return kept }
        guard let data = FileBytes.read(atPath: url.path), let document = (try? decodeIfSound(data)) ?? nil else { return nil }
        memo?.keep(document, at: url.path, stamp: stamp)  // a frame that asks again pays a stat
        return document
    }

    /// Applies `change` to the latest document and saves it; returns what `change` returns.
    @discardableResult
    package func update<T>(_ change: (inout Document) throws -> T) throws -> T {
        try FileLock.withLock(lockURL) {
            var document = try load(requireRecovery: false)
            let result = try change(&document)
            try save(document)
            memo?.forget(url.path)
            return result
        }
    }

    // MARK: - File format

    private func load(requireRecovery: Bool) throws -> Document {
        guard let data = try bytes() else { return Document.initial() }
        return try decodeIfSound(data) ?? recover(data, requireRecovery: requireRecovery)
    }

    /// The file's bytes; nil when absent; `StoreError.unreadable` when present and unreadable.
    private func bytes() throws -> Data? {
        do { return try FileBytes.readIfPresent(atPath: url.path) } catch { throw StoreError.unreadable(file: url.path, reason: error.reason) }
    }

    /// The document in `data`; nil when damaged; `StoreError.newerVersion` for a later schema.
    private func decodeIfSound(_ data: Data) throws -> Document? {
        guard let root = JSONValue.parse(data), let version = root["schema"]?.intValue, let payload = root["data"] else { return nil }
        if version > Document.schemaVersion {
            throw StoreError.newerVersion(file: url.path, found: version, known: Document.schemaVersion)
        }
        let current = version < Document.schemaVersion ? Document.migrate(payload, from: version) : payload
        return try? JSONTreeDecoder(iso8601Dates: true).decode(Document.self, from: current)
    }

    /// A damaged file: moved aside, then every whole record in it kept (and saved) over a
    /// fresh document.
    private func recover(_ data: Data, requireRecovery: Bool) throws -> Document {
        let stamp = Int(clock.now().timeIntervalSince1970)
        let name = url.deletingPathExtension().lastPathComponent + ".corrupt-\(stamp).json"
        let aside = url.deletingLastPathComponent().appendingPathComponent(name)
        try? FileManager.default.moveItem(at: url, to: aside)
        let what = url.deletingPathExtension().lastPathComponent.replacingOccurrences(of: "-", with: " ")
        if let recovered = salvage(data) {
            try save(recovered)
            console.warn(
                "Your \(what) file was damaged; what could be read was recovered, and the damaged copy is kept at \(aside.path). Nothing was deleted."
            )
            return recovered
        }
        if requireRecovery { throw StoreError.damaged(what: what, keptAt: aside.path) }
        console.warn("\(url.lastPathComponent) was unreadable; it was moved to \(aside.path) and a fresh one started.")
        return Document.initial()
    }

    /// The whole records of a damaged file over the initial document; nil when none survive.
    private func salvage(_ data: Data) -> Document? {
        guard let root = JSONSalvage.salvage(data), root["schema"]?.intValue == Document.schemaVersion, let payload = root["data"],
            JSONSalvage.holdsData(payload), let initialData = try? JSONEncoder.almanac.encode(Document.initial()),
            let initial = JSONValue.parse(initialData),
            var document = try? JSONTreeDecoder(iso8601Dates: true).decode(Document.self, from: JSONSalvage.merge(payload, over: initial))
        else { return nil }
        document.afterRecovery(highestID: Self.highestID(in: data))
        return document
    }

    /// The highest number after `"id":` in damaged bytes, or `"nextID":` less one; 0 for none.
    static func highestID(in data: Data) -> Int {
        let text = String(decoding: data, as: UTF8.self)
        var highest = 0
        for (name, less) in [("\"id\"", 0), ("\"nextID\"", 1)] {
            var rest = text[...]
            while let found = rest.range(of: name) {
                rest = rest[found.upperBound...]
                let value = rest.drop { $0 == " " || $0 == ":" || $0 == "\n" || $0 == "\t" }.prefix { $0.isASCII && $0.isNumber }
                if let number = Int(value.prefix(18)) { highest = max(highest, number - less) }
            }
        }
        return highest
    }

    private func save(_ document: Document) throws {
        AtomicFile.removeLeftovers(for: url)
        guard let payload = JSONValue.parse(try JSONEncoder.almanac.encode(document)) else {
            throw CocoaError(.coderInvalidValue)  // JSONEncoder writes valid JSON; never reached
        }
        var data = JSONValue.object([("schema", .int(Document.schemaVersion)), ("data", payload)]).encoded()
        data.append(contentsOf: Array("\n".utf8))
        try AtomicFile.write(data, to: url)
    }
}

extension JSONEncoder {
    /// ISO 8601 dates, sorted keys: stable, diff-friendly files.
    package static var almanac: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
