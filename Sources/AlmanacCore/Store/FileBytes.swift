import Foundation

#if canImport(Glibc)
    import Glibc
    /// The C library's `write`, named apart from this file's own `write`.
    private let posixWrite = Glibc.write
    /// The C library's `read`, named apart from this file's own `read`.
    private let posixRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let posixWrite = Darwin.write
    private let posixRead = Darwin.read
#endif

/// Reads a whole file, and writes a whole buffer, with plain system calls.
///
/// Foundation's `FileManager.contents(atPath:)` leaks its buffer when the file is empty (found by
/// fuzzing the cache, document and fixture readers, which all meet empty files: a crash between
/// create and write, a truncated download). Every reader of Almanac's own files goes through here.
package enum FileBytes {
    /// The file's bytes, or nil when it cannot be opened or read.
    ///
    /// Read straight into a buffer the size the file reports (one byte more, to see its end in
    /// the same read), growing it only for a file that grew meanwhile or reports no size.
    package static func read(atPath path: String) -> Data? { try? readIfPresent(atPath: path) ?? nil }

    /// A file that exists but cannot be read: the system's reason ("Permission denied").
    package struct Unreadable: Error, Equatable, Sendable {
        package var reason: String
    }

    /// The whole file; nil when there is no file at `path`; `Unreadable` with the system's reason
    /// when there is one that cannot be read (permissions, a folder, an I/O error) — never
    /// taken for an absent file (docs/architecture.md §9, "Input rules").
    package static func readIfPresent(atPath path: String) throws(Unreadable) -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw Unreadable(reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var status = stat()
        let reported = fstat(fd, &status) == 0 && status.st_size > 0 ? Int(status.st_size) : 0
        var data = Data(count: reported + 1)
        var filled = 0
        while true {
            if filled == data.count { data.count += max(4096, data.count) }
            let count = data.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Unreadable(reason: String(cString: strerror(errno)))
            }
            if count == 0 {
                data.count = filled
                return data
            }
            filled += count
        }
    }

    /// Writes all of `bytes` to a descriptor, resuming after partial writes and interruptions;
    /// false when a write fails (a closed pipe, a full disk).
    @discardableResult
    package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            posixWrite(fd, buffer, count)
        #else
            Darwin.write(fd, buffer, count)
        #endif
    }

    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            posixRead(fd, buffer, count)
        #else
            Darwin.read(fd, buffer, count)
        #endif
    }
}
