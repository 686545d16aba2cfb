import AlmanacCore
import Foundation

/// `manifest.json` at the top of a fixture set: which file answers which request, so sample
/// mode reads only the one recording it needs instead of parsing them all.
///
/// Written by `almanac fixtures record` and `almanac fixtures index`. Files present in a provider
/// folder but missing from the manifest (added by hand) are still found: they are read on use.
package struct FixtureManifest: Codable, Sendable, Equatable {
    package static let fileName = "manifest.json"
    package static let schemaVersion = 1

    package struct Entry: Codable, Sendable, Equatable {
        package var provider: String
        /// Relative to the set's folder, e.g. `openweather/onecall-moscow.json`.
        package var file, method, path: String
        package var query: [String: String]
        package var status: Int
        package var bytes: Int?

        package init(provider: String, file: String, method: String, path: String, query: [String: String], status: Int, bytes: Int?) {
            (self.provider, self.file, self.method, self.path, self.query, self.status, self.bytes) = (
                provider, file, method, path, query, status, bytes
            )
        }

        /// An entry from its JSON object, each member read once; nil without provider, file or path.
        init?(json: JSONValue) {
            guard case .object(let members) = json else { return nil }
            var provider: String?
            var file: String?
            var path: String?
            (method, query, status, bytes) = ("GET", [:], 200, nil)
            for (name, value) in members {
                switch name {
                case "provider": provider = value.stringValue
                case "file": file = value.stringValue
                case "path": path = value.stringValue
                case "method": method = value.stringValue ?? "GET"
                case "status": status = value.intValue ?? 200
                case "bytes": bytes = value.intValue
                case "query":
                    guard case .object(let pairs) = value else { break }
                    for (key, text) in pairs { query[key] = text.stringValue }
                default: break
                }
            }
            guard let provider, let file, let path else { return nil }
            (self.provider, self.file, self.path) = (provider, file, path)
        }
    }

    package var schema: Int
    /// The program that wrote it, e.g. `almanac 0.4.0`.
    package var program: String
    /// When the recordings were made (ISO 8601), and the calendar day sample mode treats as today.
    package var recordedAt, recordedOn: String?
    package var recordings: [Entry]

    package init(program: String, recordedAt: String?, recordedOn: String?, recordings: [Entry]) {
        self.schema = Self.schemaVersion
        self.program = program
        self.recordedAt = recordedAt
        self.recordedOn = recordedOn
        self.recordings = recordings
    }

    /// The manifest of a folder, or nil when there is none or it cannot be read.
    ///
    /// Read through `JSONValue` rather than `JSONDecoder`: every sample-data run reads it.
    package static func load(from folder: URL) -> FixtureManifest? {
        guard let data = FileBytes.read(atPath: folder.appendingPathComponent(fileName).path), let root = JSONValue.parse(data),
            root["schema"]?.intValue == schemaVersion, case .array(let items)? = root["recordings"]
        else { return nil }
        return FixtureManifest(
            program: root["program"]?.stringValue ?? "", recordedAt: root["recordedAt"]?.stringValue,
            recordedOn: root["recordedOn"]?.stringValue, recordings: items.compactMap(Entry.init(json:)))
    }

    /// Builds the manifest of a folder by reading every recording in it (`fixtures index`).
    package static func index(_ folder: URL, program: String, recordedAt: String?, recordedOn: String?) -> FixtureManifest {
        var entries: [Entry] = []
        let folders = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isDirectoryKey])) ?? []
        let providers = folders.filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }.map(\.lastPathComponent)
        for provider in providers.sorted() {
            let providerFolder = folder.appendingPathComponent(provider)
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: providerFolder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            for file in files {
                let url = providerFolder.appendingPathComponent(file)
                guard let recording = Recording.load(url) else { continue }
                entries.append(
                    Entry(
                        provider: provider, file: "\(provider)/\(file)", method: recording.method.rawValue, path: recording.path,
                        query: recording.query, status: recording.status, bytes: recording.body.count))
            }
        }
        return FixtureManifest(program: program, recordedAt: recordedAt, recordedOn: recordedOn, recordings: entries)
    }

    package func write(to folder: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(self), to: folder.appendingPathComponent(Self.fileName), permissions: 0o644)
    }
}
