import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What tells a file (or folder) apart from the one seen earlier without reading it: its inode,
/// size, and modification and status-change times to the nanosecond — or that there was none.
///
/// A file rewritten in place, replaced by a rename, or touched back to an old modification time
/// (the status-change time cannot be set back) gets another stamp; a folder gets another one when
/// an entry is added, removed or renamed in it.
package enum FileStamp: Equatable, Sendable {
    case absent
    case present(inode: UInt64, size: Int64, modified: Int64, modifiedNanos: Int64, changed: Int64, changedNanos: Int64)

    /// The stamp of the file at `path` as it is now (`stat`, following links).
    package init(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            self = .absent
            return
        }
        #if canImport(Darwin)
            let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
        #else
            let (modified, changed) = (status.st_mtim, status.st_ctim)
        #endif
        self = .present(
            inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modified: Int64(modified.tv_sec), modifiedNanos: Int64(modified.tv_nsec),
            changed: Int64(changed.tv_sec), changedNanos: Int64(changed.tv_nsec))
    }

    /// The modification time, in seconds since 1970; nil when absent.
    package var modifiedAt: TimeInterval? {
        guard case .present(_, _, let modified, let modifiedNanos, _, _) = self else { return nil }
        return Double(modified) + Double(modifiedNanos) / 1e9
    }

    /// The lines a stamped file holds for `paths`, each file's stamp as it is now: their count,
    /// then `<stamp> <path>` each (read back by `ByteLines.stampsHold`). Nil when a path holds a
    /// newline, or a file changed at or after `settledBefore` (seconds since 1970): a file's times
    /// tick coarsely, so one changed twice within a tick at the same size could keep its stamp.
    package static func lines(_ paths: [String], settledBefore: TimeInterval) -> String? {
        guard !paths.contains(where: { $0.contains("\n") }) else { return nil }
        var text = "\(paths.count)\n"
        for path in paths {
            let stamp = FileStamp(path: path)
            guard stamp.changedAt.map({ $0 < settledBefore }) ?? true else { return nil }
            text += stamp.text + " " + path + "\n"
        }
        return text
    }

    /// The later of the modification and status-change times, in seconds since 1970; nil when absent.
    package var changedAt: TimeInterval? {
        guard case .present(_, _, let modified, let modifiedNanos, let changed, let changedNanos) = self else { return nil }
        return max(Double(modified) + Double(modifiedNanos) / 1e9, Double(changed) + Double(changedNanos) / 1e9)
    }

    /// One word: `-` when absent, else the six numbers joined by `.`.
    package var text: String {
        switch self {
        case .absent: return "-"
        case .present(let inode, let size, let modified, let modifiedNanos, let changed, let changedNanos):
            return "\(inode).\(size).\(modified).\(modifiedNanos).\(changed).\(changedNanos)"
        }
    }

    /// The stamp `text` wrote; nil for any other word. Read byte by byte (no text conversions:
    /// a replayed answer checks a handful of these on every run).
    package init?<Bytes: Collection<UInt8>>(text: Bytes) {
        if text.count == 1, text.first == UInt8(ascii: "-") {
            self = .absent
            return
        }
        var numbers: [Int64] = []
        var value: Int64 = 0
        var negative = false
        var digits = 0
        for byte in text {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                guard !overflow, digits < 19 else { return nil }
                value = times + Int64(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: "-") where digits == 0 && !negative:
                negative = true
            case UInt8(ascii: "."):
                guard digits > 0 else { return nil }
                numbers.append(negative ? -value : value)
                (value, negative, digits) = (0, false, 0)
            default:
                return nil
            }
        }
        guard digits > 0 else { return nil }
        numbers.append(negative ? -value : value)
        guard numbers.count == 6, numbers[0] >= 0 else { return nil }
        self = .present(
            inode: UInt64(numbers[0]), size: numbers[1], modified: numbers[2], modifiedNanos: numbers[3], changed: numbers[4],
            changedNanos: numbers[5])
    }
}
