import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a thread did over a span, in seconds: ran (`cpu`) and sat runnable waiting for a core
/// (`queued`, from the kernel's scheduler statistics; 0 where it keeps none). A span's wall time
/// minus both is time the thread was blocked (a lock, a page fault's I/O, a sleep) — or time a
/// virtual machine's host ran something else on its cores: `stolen` is that time over the span,
/// summed over all the machine's cores (`/proc/stat`, in steps of its clock tick, 10 ms).
package struct ThreadTimes: Equatable {
    package var cpu = 0.0
    package var queued = 0.0
    package var stolen = 0.0

    package init(cpu: Double = 0, queued: Double = 0, stolen: Double = 0) {
        self.cpu = cpu
        self.queued = queued
        self.stolen = stolen
    }

    /// The calling thread's totals so far: processor time from its clock, run-queue time from
    /// `/proc/thread-self/schedstat` ("ran waited slices", nanoseconds) on Linux, and the
    /// machine's stolen time from `/proc/stat`.
    package static func now() -> ThreadTimes {
        ThreadTimes(cpu: FrameStats.threadCPUTime(), queued: runQueueWait(), stolen: machineStolen())
    }

    package static func - (lhs: ThreadTimes, rhs: ThreadTimes) -> ThreadTimes {
        ThreadTimes(cpu: lhs.cpu - rhs.cpu, queued: lhs.queued - rhs.queued, stolen: lhs.stolen - rhs.stolen)
    }

    /// The 8th number of `/proc/stat`'s first line ("cpu  user nice system idle iowait irq
    /// softirq steal …"), in clock ticks, as seconds; 0 where there is none.
    private static func machineStolen() -> Double {
        let fields = firstLineFields(of: "/proc/stat", upTo: 159)
        guard fields.count >= 9, let ticks = Int(fields[8]) else { return 0 }
        return Double(ticks) / Double(max(1, sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The second number of `/proc/thread-self/schedstat` ("ran waited slices"), nanoseconds
    /// spent runnable waiting for a core, as seconds; 0 where there is none.
    private static func runQueueWait() -> Double {
        let fields = firstLineFields(of: "/proc/thread-self/schedstat", upTo: 95)
        guard fields.count >= 2, let waited = Int(fields[1]) else { return 0 }
        return Double(waited) / 1e9
    }

    /// The space-separated fields of the first line of `path`, read in one call of at most
    /// `limit` bytes (a frame reads these twice: no `FileHandle`, no `String` of the whole file);
    /// empty when it cannot be read, and off Linux.
    private static func firstLineFields(of path: String, upTo limit: Int) -> [String] {
        #if os(Linux)
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return [] }
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: limit)
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, limit) }
            guard count > 0 else { return [] }
            let line = bytes.prefix(count).prefix { $0 != UInt8(ascii: "\n") }
            return line.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        #else
            return []
        #endif
    }
}
