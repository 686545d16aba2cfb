import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The thread that draws frames asks the scheduler to run it soon after it wakes
/// (docs/architecture.md §5). `BackgroundThread` keeps the app's own work behind it; this is
/// about other programs: on a busy machine (a build, a terminal multiplexer, a script typing
/// keys) the drawing thread waited up to 33 ms for a core in the soak, with 2 ms of work to do.
public enum DrawingThread {
    /// The time slice the drawing thread asks for, in nanoseconds: 0.5 ms (the kernel's default
    /// is 0.75 ms times 1 + log2(cores), 1.4 ms on 2 cores). A fair-scheduled thread with a
    /// shorter slice gets an earlier deadline, so it preempts a longer-sliced one when it wakes;
    /// it gets no more of the processor over time.
    public static let slice: UInt64 = 500_000

    /// Asks for `slice` for the calling thread, keeping its policy (normal) and nice value (0).
    /// Best effort: kernels before 6.12 ignore the slice; elsewhere it does nothing.
    /// - Returns: whether the kernel took the request.
    @discardableResult
    public static func preferShortSlices() -> Bool {
        #if os(Linux) && arch(x86_64)
            // sched_setattr(2) has no glibc wrapper before 2.41; `syscall` takes its arguments in
            // registers, so it is called through a fixed four-argument type.
            typealias Syscall = @convention(c) (Int, Int, UnsafeRawPointer, UInt32) -> Int
            guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "syscall") else { return false }
            let call = unsafeBitCast(symbol, to: Syscall.self)
            var attributes = SchedulingAttributes(runtime: slice)
            return withUnsafeBytes(of: &attributes) { call(314, 0, $0.baseAddress!, 0) } == 0
        #else
            return false
        #endif
    }

    /// `struct sched_attr` as of its first version (48 bytes): a normal-policy thread, nice 0,
    /// whose `runtime` is the slice it asks for.
    private struct SchedulingAttributes {
        var size: UInt32 = 48
        var policy: UInt32 = 0
        var flags: UInt64 = 0
        var nice: Int32 = 0
        var priority: UInt32 = 0
        var runtime: UInt64
        var deadline: UInt64 = 0
        var period: UInt64 = 0
    }
}
