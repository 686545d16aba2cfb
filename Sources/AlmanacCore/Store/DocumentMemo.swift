import Foundation
import Synchronization

/// The documents one run has read, each with the stamp its file had before the read
/// (docs/architecture.md §2): a later read of the same file with the same stamp is answered from
/// here, so a run reads each document once however many parts ask for it. A file changed since
/// (another run's write, a rename over it) has another stamp and is read again; this run's own
/// writes forget the entry.
package final class DocumentMemo: Sendable {
    private let documents = Mutex<[String: (stamp: FileStamp, document: any Sendable)]>([:])

    package init() {}

    /// The document kept for `path` when its file still has `stamp`.
    func document<Document: Sendable>(_ type: Document.Type, at path: String, stamp: FileStamp) -> Document? {
        documents.withLock { kept in
            guard let entry = kept[path], entry.stamp == stamp else { return nil }
            return entry.document as? Document
        }
    }

    func keep(_ document: some Sendable, at path: String, stamp: FileStamp) {
        documents.withLock { $0[path] = (stamp, document) }
    }

    func forget(_ path: String) {
        _ = documents.withLock { $0.removeValue(forKey: path) }
    }
}
