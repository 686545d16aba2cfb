import Foundation

/// Threads for work that must never take the processor from the thread that draws: the deals
/// table's re-sorts, filter sorts and frees, and the deal producers (docs/architecture.md §5).
///
/// Each runs at nice value `niceness` (Linux keeps a nice value per thread), so on a machine
/// whose cores are all busy the drawing thread is scheduled first when it wakes for a frame,
/// and the background work takes whatever the frames leave — which, at 60 frames a second of a
/// few milliseconds each, is most of the processor.
package enum BackgroundThread {
    /// The nice value of a background thread: 10 (a tenth of the weight of a default thread).
    package static let niceness: Int32 = 10

    /// Runs `work` on a new thread at low priority; returns at once.
    /// - Parameter lowPriority: false for short work that must not wait behind the rest, such
    ///   as giving memory back (freed late, old views would pile up while the cores are busy).
    package static func start(lowPriority: Bool = true, _ work: @escaping @Sendable () -> Void) {
        Thread.detachNewThread {
            if lowPriority { lowerPriority() }
            work()
        }
    }

    /// Lowers the calling thread's priority to `niceness` (best effort: where it cannot, the
    /// thread runs at the usual priority).
    static func lowerPriority() { OSTuning.lowerThreadPriority(by: niceness) }
}
