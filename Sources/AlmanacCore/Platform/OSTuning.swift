import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The operating system's tuning calls, in one place (docs/architecture.md §5, §8): thread
/// priority and scheduler slices, huge pages, pages mapped ahead of writes, pages handed back.
/// Each does nothing where the system lacks it (on Darwin, all of them); nothing else in the
/// program calls `madvise`, `setpriority` or `sched_setattr`.
package enum OSTuning {
    /// A 2 MB transparent huge page (x86_64 and most arm64 Linux systems).
    package static let hugePage = 2 << 20

    /// Lowers the calling thread's priority by `niceness` (Linux: `setpriority` on the thread).
    package static func lowerThreadPriority(by niceness: Int32) {
        #if os(Linux)
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
    }

    /// Asks for scheduler slices of `nanoseconds` for the calling thread (`sched_setattr`, EEVDF,
    /// Linux 6.12 and later, x86_64): an earlier deadline when it wakes, no more processor over
    /// time. False where the call is missing or refused.
    @discardableResult
    package static func preferShortSlices(nanoseconds: UInt64) -> Bool {
        #if os(Linux) && arch(x86_64)
            // sched_setattr(2) has no glibc wrapper before 2.41; `syscall` takes its arguments in
            // registers, so it is called through a fixed four-argument type.
            typealias Syscall = @convention(c) (Int, Int, UnsafeRawPointer, UInt32) -> Int
            guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "syscall") else { return false }
            let call = unsafeBitCast(symbol, to: Syscall.self)
            var attributes = SchedulingAttributes(runtime: nanoseconds)
            return withUnsafeBytes(of: &attributes) { call(314, 0, $0.baseAddress!, 0) } == 0
        #else
            return false
        #endif
    }

    /// `struct sched_attr` as the kernel reads it (48 bytes).
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

    /// Asks for huge pages over the whole huge pages inside `bytes` from `base`
    /// (`MADV_HUGEPAGE`, where the system leaves transparent huge pages to `madvise`).
    package static func adviseHugePages(_ base: UnsafeMutableRawPointer, bytes: Int) {
        #if os(Linux)
            let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
            let end = (Int(bitPattern: base) + bytes) & ~(hugePage - 1)
            guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }

    /// True where pages can be mapped ahead of writes (`populateWrite`).
    package static var canPopulate: Bool {
        #if os(Linux)
            true
        #else
            false
        #endif
    }

    /// Maps the pages of `start..<end` writable before anything is written there
    /// (`MADV_POPULATE_WRITE`, Linux 5.14 and later), in steps of `step` bytes; false when the
    /// system refuses it (an older kernel), true where there is nothing to do.
    package static func populateWrite(from start: UInt, to end: UInt, step: UInt) -> Bool {
        #if os(Linux)
            let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
            var from = start & ~(page - 1)
            while from < end {
                let to = min(end, from + step)
                if madvise(UnsafeMutableRawPointer(bitPattern: from), Int(to - from), MADV_POPULATE_WRITE) != 0, errno == EINVAL {
                    return false
                }
                from = to
            }
        #endif
        return true
    }

    /// Hands the whole pages inside `bytes` from `base` back to the system in `slice`-byte steps
    /// (`MADV_DONTNEED`: they read as zeros after), so that a later free unmaps little.
    package static func dropPages(_ base: UnsafeMutableRawPointer, bytes: Int, slice: Int) {
        #if os(Linux)
            let page = 4_096
            let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
            let end = (Int(bitPattern: base) + bytes) & ~(page - 1)
            for offset in stride(from: start, to: end, by: slice) {
                _ = madvise(UnsafeMutableRawPointer(bitPattern: offset), min(slice, end - offset), MADV_DONTNEED)
            }
        #endif
    }
}
