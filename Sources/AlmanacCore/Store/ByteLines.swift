import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's header lines, each up to its newline, then the offset of what follows: how the
/// stamped files (`FixtureReplay`) are read, without converting the whole file to text.
package struct ByteLines {
    package let data: Data
    /// Where the next line starts (after the last line read: the body).
    package private(set) var offset: Data.Index

    package init(data: Data) {
        self.data = data
        offset = data.startIndex
    }

    /// The next line without its newline; nil when no newline is left.
    package mutating func next() -> Data? {
        let start = offset - data.startIndex
        let found = data.withUnsafeBytes { raw -> Int? in
            guard start < raw.count, let base = raw.baseAddress, let end = memchr(base + start, 0x0A, raw.count - start) else { return nil }
            return UnsafeRawPointer(end) - base
        }
        guard let found else { return nil }
        defer { offset = data.startIndex + found + 1 }
        return data[offset..<(data.startIndex + found)]
    }

    /// The next line as text.
    package mutating func text() -> String? { next().map { String(decoding: $0, as: UTF8.self) } }

    /// The next lines, `<stamp> <path>` each, `count` of them: true when every file still has the
    /// stamp written for it (`FileStamp`).
    package mutating func stampsHold(_ count: Int) -> Bool {
        for _ in 0..<count {
            guard let line = next(), let space = line.firstIndex(of: UInt8(ascii: " ")), let stamp = FileStamp(text: line[..<space]),
                stamp == FileStamp(path: String(decoding: line[(space + 1)...], as: UTF8.self))
            else { return false }
        }
        return true
    }
}
