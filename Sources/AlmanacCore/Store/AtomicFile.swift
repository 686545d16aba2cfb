import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Errors from writing files safely.
package enum FileError: Error, CustomStringConvertible, Equatable {
    case cannotCreateFolder(String)
    case cannotWrite(String, reason: String)
    case cannotLock(String)
    /// The file is there and may not be replaced. Exit 73.
    case exists(String)

    package var description: String {
        switch self {
        case .cannotCreateFolder(let path): "Cannot create the folder \(path); check its permissions."
        case .cannotWrite(let path, let reason): "Cannot write \(path) (\(reason)); check the disk and permissions."
        case .cannotLock(let path): "Cannot lock \(path); check its permissions."
        case .exists(let path): "\(path) already exists; nothing was written."
        }
    }
}

/// Crash-safe file writes: a temporary file in the same folder, flushed, then renamed.
///
/// A reader sees the old file or the new one, never a mix.
package enum AtomicFile {
    /// Writes `data` to `url` atomically with the given permissions (0600 by default).
    /// `durable` (the default) flushes to disk before the rename, so even a power cut leaves the
    /// old or the new file; the cache passes false (a lost entry is only a miss).
    package static func write(_ data: Data, to url: URL, permissions: mode_t = 0o600, durable: Bool = true) throws {
        try write(to: url, permissions: permissions, durable: durable) { append in try append(data) }
    }

    /// Writes what `produce` hands to its `append` (in as many pieces as it likes) to `url`
    /// atomically. With `replacing` false an existing file is left alone and
    /// `FileError.exists` thrown (checked at the rename, so no other writer's file is lost).
    package static func write(
        to url: URL, permissions: mode_t = 0o600, durable: Bool = true, replacing: Bool = true,
        _ produce: (_ append: (Data) throws -> Void) throws -> Void
    ) throws {
        let folder = url.deletingLastPathComponent()
        try ensureFolder(folder)
        let temp = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw FileError.cannotWrite(url.path, reason: String(cString: strerror(errno))) }
        let slot = TempFiles.register(temp.path)  // removed if a signal ends the program meanwhile
        defer { TempFiles.unregister(slot) }
        do {
            try produce { data in
                guard data.withUnsafeBytes({ FileBytes.write($0, to: fd) }) else {
                    throw FileError.cannotWrite(url.path, reason: String(cString: strerror(errno)))
                }
            }
            guard !durable || fsync(fd) == 0 else { throw FileError.cannotWrite(url.path, reason: String(cString: strerror(errno))) }
            close(fd)
        } catch {
            close(fd)
            unlink(temp.path)
            throw error
        }
        try place(temp, at: url, replacing: replacing)
    }

    /// Moves the finished temporary file into place: a rename, or a link (which refuses an
    /// existing name) when nothing may be replaced.
    private static func place(_ temp: URL, at url: URL, replacing: Bool) throws {
        defer { unlink(temp.path) }
        if replacing {
            guard rename(temp.path, url.path) == 0 else { throw FileError.cannotWrite(url.path, reason: String(cString: strerror(errno))) }
            return
        }
        guard link(temp.path, url.path) == 0 else {
            throw errno == EEXIST ? FileError.exists(url.path) : FileError.cannotWrite(url.path, reason: String(cString: strerror(errno)))
        }
    }

    /// Removes temporary files a killed writer left for `url`. Call only while holding the
    /// document's lock, so no live writer's temp file is touched.
    package static func removeLeftovers(for url: URL) {
        let folder = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Creates a folder (and parents) readable only by the user (0700).
    package static func ensureFolder(_ url: URL) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue { return }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw FileError.cannotCreateFolder(url.path)
        }
    }
}
