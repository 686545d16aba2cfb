import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The operating system's tuning calls, in one place (docs/architecture.md §5, §8): thread
/// priority, huge pages, pages mapped ahead of writes. Each does nothing where the system lacks
/// it (on Darwin, all of them); nothing else in the program calls `madvise` or `setpriority`.
/// Each stays because removing it measured worse (docs/benchmarks.md, "The tuning layer").
package enum OSTuning {
    /// A piece of this layer, by what it does; `almanac-bench tuning` measures each switched off.
    package enum Piece: String, CaseIterable, Sendable {
        case lowPriority = "low-priority"
        case hugePages = "huge-pages"
        case faultAhead = "fault-ahead"
        case memoryJobs = "memory-jobs"
    }

    /// The environment variable that switches pieces off (comma-separated names): set only by
    /// `almanac-bench --without …`, in its own process before anything runs.
    package static let offVariable = "ALMANAC_BENCH_TUNING_OFF"

    /// The pieces switched off, read once (empty but under the bench): a constant any thread reads.
    package static let off: Set<Piece> = Set(
        (getenv(offVariable).map { String(cString: $0) } ?? "").split(separator: ",").compactMap { Piece(rawValue: String($0)) })

    /// A 2 MB transparent huge page (x86_64 and most arm64 Linux systems).
    package static let hugePage = 2 << 20

    /// Lowers the calling thread's priority by `niceness` (Linux: `setpriority` on the thread).
    package static func lowerThreadPriority(by niceness: Int32) {
        #if os(Linux)
            guard !off.contains(.lowPriority) else { return }
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
    }

    /// Asks for huge pages over the whole huge pages inside `bytes` from `base`
    /// (`MADV_HUGEPAGE`, where the system leaves transparent huge pages to `madvise`).
    package static func adviseHugePages(_ base: UnsafeMutableRawPointer, bytes: Int) {
        #if os(Linux)
            guard !off.contains(.hugePages) else { return }
            let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
            let end = (Int(bitPattern: base) + bytes) & ~(hugePage - 1)
            guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }

    /// True where pages can be mapped ahead of writes (`populateWrite`).
    package static var canPopulate: Bool {
        #if os(Linux)
            !off.contains(.faultAhead)
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
}
