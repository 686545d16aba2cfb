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
        #if os(Linux)
            let descriptor = open("/proc/stat", O_RDONLY)
            guard descriptor >= 0 else { return 0 }
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: 160)
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 159) }
            guard count > 0, let line = bytes.prefix(count).split(separator: UInt8(ascii: "\n")).first else { return 0 }
            let fields = line.split(separator: UInt8(ascii: " "))
            guard fields.count >= 9, let ticks = Int(String(decoding: fields[8], as: UTF8.self)) else { return 0 }
            return Double(ticks) / Double(max(1, sysconf(Int32(_SC_CLK_TCK))))
        #else
            return 0
        #endif
    }

    private static func runQueueWait() -> Double {
        #if os(Linux)
            let descriptor = open("/proc/thread-self/schedstat", O_RDONLY)
            guard descriptor >= 0 else { return 0 }
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: 96)
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 95) }
            guard count > 0 else { return 0 }
            let fields = bytes.prefix(count).split(separator: UInt8(ascii: " "))
            guard fields.count >= 2, let waited = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
            return Double(waited) / 1e9
        #else
            return 0
        #endif
    }
}
