import Foundation
import Synchronization

/// Bytes gathered from several threads (a server's handler, a transfer's chunks), read whole.
package final class Collected: Sendable {
    private let buffer = Mutex(Data())

    package init() {}

    /// Adds `data` at the end.
    package func append(_ data: Data) { buffer.withLock { $0.append(data) } }

    /// Everything appended so far.
    package var data: Data { buffer.withLock { $0 } }
}
