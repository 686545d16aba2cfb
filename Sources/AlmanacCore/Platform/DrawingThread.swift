import Foundation

/// The thread that draws frames asks the scheduler to run it soon after it wakes
/// (docs/architecture.md §5). `BackgroundThread` keeps the app's own work behind it; this is
/// about other programs: on a busy machine (a build, a terminal multiplexer, a script typing
/// keys) the drawing thread waited up to 33 ms for a core in the soak, with 2 ms of work to do.
package enum DrawingThread {
    /// The time slice the drawing thread asks for, in nanoseconds: 0.5 ms (the kernel's default
    /// is 0.75 ms times 1 + log2(cores), 1.4 ms on 2 cores). A fair-scheduled thread with a
    /// shorter slice gets an earlier deadline, so it preempts a longer-sliced one when it wakes;
    /// it gets no more of the processor over time.
    package static let slice: UInt64 = 500_000

    /// Asks for `slice` for the calling thread, keeping its policy (normal) and nice value (0).
    /// Best effort: kernels before 6.12 ignore the slice; elsewhere it does nothing.
    /// - Returns: whether the kernel took the request.
    @discardableResult
    package static func preferShortSlices() -> Bool { OSTuning.preferShortSlices(nanoseconds: slice) }
}
