import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import Foundation

/// A document for crash and concurrency tests: numbered records with a payload.
struct StressDocument: StoredDocument {
    static let schemaVersion = 1
    static let fileName = "stress.json"
    static func initial() -> StressDocument { StressDocument(records: []) }

    struct Record: Codable {
        var id: Int
        var payload: String
    }

    var records: [Record]
}

/// Test helper: `store-writer FOLDER loop` rewrites the document forever;
/// `store-writer FOLDER add ID` adds one record.
enum StoreWriter {
    static func run(_ arguments: [String]) throws {
        guard arguments.count >= 2 else { throw UsageError("store-writer FOLDER loop|add ID") }
        let store = DocumentStore<StressDocument>(folder: URL(fileURLWithPath: arguments[0]))
        switch arguments[1] {
        case "loop":
            var counter = 0
            while true {
                counter += 1
                let payload = String(repeating: String(counter % 10), count: 20_000)
                try store.update { document in
                    document.records.append(.init(id: counter, payload: payload))
                    if document.records.count > 5 { document.records.removeFirst() }
                }
            }
        case "add":
            let id = arguments.count > 2 ? Int(arguments[2]) ?? 0 : 0
            try store.update { $0.records.append(.init(id: id, payload: "record \(id)")) }
        default:
            throw UsageError("store-writer FOLDER loop|add ID")
        }
    }
}
