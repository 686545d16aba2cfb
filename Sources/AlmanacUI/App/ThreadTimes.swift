import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a thread did over a span, in seconds: ran (`cpu`) and sat runnable waiting for a core
/// (`queued`, from the kernel's scheduler statistics; 0 where it keeps none). A span's wall time
/// minus both is time the thread was blocked (a lock, a page fault's I/O, a sleep).
package struct ThreadTimes: Equatable {
    package var cpu = 0.0
    package var queued = 0.0

    package init(cpu: Double = 0, queued: Double = 0) {
        self.cpu = cpu
        self.queued = queued
    }

    /// The calling thread's totals so far: processor time from its clock, run-queue time from
    /// `/proc/thread-self/schedstat` ("ran waited slices", nanoseconds) on Linux.
    package static func now() -> ThreadTimes {
        ThreadTimes(cpu: FrameStats.threadCPUTime(), queued: runQueueWait())
    }

    package static func - (lhs: ThreadTimes, rhs: ThreadTimes) -> ThreadTimes {
        ThreadTimes(cpu: lhs.cpu - rhs.cpu, queued: lhs.queued - rhs.queued)
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
