import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the files of one kind in a folder within a total size: the ones modified longest ago go
/// first (a reader that marks a file as used by touching it makes that least recently used).
package enum FolderCap {
    /// Removes files whose names end in `suffix` (hidden ones aside) until their total is at most
    /// `limitBytes`; returns how many were removed.
    @discardableResult
    package static func trim(_ folder: String, suffix: String, limitBytes: Int) -> Int {
        var files: [(path: String, bytes: Int64, modified: Int64)] = []
        for name in DirectoryNames.list(atPath: folder) ?? [] where name.hasSuffix(suffix) && !name.hasPrefix(".") {
            let path = folder + "/" + name
            guard case .present(_, let size, let seconds, let nanos, _, _) = FileStamp(path: path) else { continue }
            files.append((path, size, seconds &* 1_000_000_000 &+ nanos))
        }
        var total = files.reduce(0) { $0 + $1.bytes }
        guard total > limitBytes else { return 0 }
        var removed = 0
        for file in files.sorted(by: { $0.modified < $1.modified }) where total > limitBytes {
            guard unlink(file.path) == 0 else { continue }
            total -= file.bytes
            removed += 1
        }
        return removed
    }
}
