import AlmanacCore
import Foundation
import Synchronization

/// Set from any thread when the task waiting for a transfer is cancelled; curl's progress
/// callback reads it (at least once a second, even while no byte arrives) and aborts the
/// transfer.
final class TransferCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    func cancel() { flag.store(true, ordering: .relaxed) }

    var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
