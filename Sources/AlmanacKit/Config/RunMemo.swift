import AlmanacCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A repeated run answered with what the same run printed before (docs/architecture.md §5,
/// "A repeated glance"): a status bar asks for the same line every few seconds, and within a
/// clock minute, with nothing it read changed, the line is the same.
///
/// A run that may be replayed (a glance, `line`, `weather forecast`, none with `--json`,
/// `--refresh` or `--verbose`) is recorded (`RunRecord`); when it ends well, printed nothing on
/// stderr and every answer came from a fresh cache entry or the sample data, its output is kept in
/// `<cache>/memo/<16 hex digits>.memo` with the stamps (`FileStamp`) of every file and folder it
/// read and of the program itself. The same words, in the same environment, folder and terminal,
/// are then answered from that file alone while every stamp holds, before the end of the minute
/// the run began in and of the freshness of each answer it showed (`RunRecord.until`).
///
/// File layout, one line each, then the output as it was printed: `almanac-memo 1`, the run's
/// situation (16 hex digits of FNV-1a: the words, the environment, the folder, which of stdin,
/// stdout and stderr are terminals and the terminal's size; a hash, so no variable's value is in
/// the file), when the run began and when its output stops holding (seconds since 1970: a clock
/// set back before the run is a miss too), the number of stamps, one line per stamp
/// (`<stamp> <path>`), an empty line.
package enum RunMemo {
    static let header = "almanac-memo 1"
    /// How long before the run began a file must have been left alone for its stamp to be kept,
    /// in seconds: a file's times tick coarsely, so one changed twice within a tick at the same
    /// size could keep its stamp (as `FixtureReplay.settle`).
    static let settle: TimeInterval = 1
    /// The memo folder's size cap in bytes (1 MB); past it, the files written longest ago go first.
    static let limitBytes = 1 << 20
    /// The program itself: another build or install is another program.
    static let program = "/proc/self/exe"

    /// Prints what the same run printed before and returns true while it holds (a failed write
    /// too: the output is not worked out and printed a second time); false, with nothing printed,
    /// otherwise.
    package static func replay(_ arguments: [String], now: Date = Date()) -> Bool {
        let words = words(arguments)
        guard let data = FileBytes.read(atPath: file(words)) else { return false }
        var lines = ByteLines(data: data)
        guard lines.next()?.elementsEqual(header.utf8) == true, lines.next()?.elementsEqual(situation(words).utf8) == true,
            let started = lines.text().flatMap(Double.init), let until = lines.text().flatMap(Double.init),
            started <= now.timeIntervalSince1970, now.timeIntervalSince1970 < until,
            let count = lines.text().flatMap(Int.init), count >= 0, lines.stampsHold(count), lines.next()?.isEmpty == true
        else { return false }
        data[lines.offset...].withUnsafeBytes { _ = FileBytes.write($0, to: STDOUT_FILENO) }
        return true
    }

    /// Keeps what a recorded run printed for the same run repeated, when it may be replayed: not
    /// spoilt, still holding, and nothing it read changed since a second before it began. Best
    /// effort: a folder that cannot be written to only means the next run works its output out.
    package static func keep(_ recorded: RunRecord.Recorded, arguments: [String], now: Date = Date()) {
        guard !recorded.spoilt, now < recorded.until,
            let stamps = FileStamp.lines(recorded.paths + [program], settledBefore: recorded.started.timeIntervalSince1970 - settle)
        else { return }
        let words = words(arguments)
        var text = header + "\n" + situation(words) + "\n" + String(recorded.started.timeIntervalSince1970) + "\n"
        text += String(recorded.until.timeIntervalSince1970) + "\n" + stamps
        var data = Data((text + "\n").utf8)
        data.append(contentsOf: recorded.output)
        let url = URL(fileURLWithPath: file(words))
        guard (try? AtomicFile.write(data, to: url, durable: false)) != nil else { return }
        FolderCap.trim(url.deletingLastPathComponent().path, suffix: ".memo", limitBytes: limitBytes)
    }

    /// Removes every output kept under the cache folder at `cache`; returns how many (the cache's `clear`).
    @discardableResult
    package static func clear(cache: String) -> Int {
        let folder = cache + "/memo"
        return (DirectoryNames.list(atPath: folder) ?? []).filter { $0.hasSuffix(".memo") && unlink(folder + "/" + $0) == 0 }.count
    }

    /// The words as bytes, each ended by a zero byte.
    static func words(_ arguments: [String]) -> [UInt8] {
        var words: [UInt8] = []
        for argument in arguments { words += argument.utf8 + [0] }
        return words
    }

    /// The file for these words: `<cache>/memo/<16 hex digits of FNV-1a of the words>.memo`, the
    /// cache folder as the process's own variables place it.
    static func file(_ words: [UInt8]) -> String {
        let folder = Paths.cachePath { name in getenv(name).flatMap { $0.pointee == 0 ? nil : String(cString: $0) } }
        return folder + "/memo/" + FNV1a.hex(words.withUnsafeBytes(FNV1a.hash)) + ".memo"
    }

    /// What else the output depends on, hashed: the words, every environment variable (in any
    /// order: each is hashed alone and the hashes summed), the working folder, which descriptors
    /// are terminals, and the terminal's size.
    static func situation(_ words: [UInt8]) -> String {
        var bytes = words
        var variables: UInt64 = 0
        var variable = environ
        while let entry = variable.pointee {
            variables &+= FNV1a.hash(UnsafeRawBufferPointer(start: entry, count: strlen(entry)))
            variable += 1
        }
        withUnsafeBytes(of: variables.littleEndian) { bytes += $0 }
        if let folder = getcwd(nil, 0) {
            bytes += UnsafeRawBufferPointer(start: folder, count: strlen(folder))
            free(folder)
        }
        bytes += [isatty(STDIN_FILENO), isatty(STDOUT_FILENO), isatty(STDERR_FILENO)].map { UInt8(truncatingIfNeeded: $0) }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 {
            withUnsafeBytes(of: size.ws_col) { bytes += $0 }
            withUnsafeBytes(of: size.ws_row) { bytes += $0 }
        }
        return FNV1a.hex(bytes.withUnsafeBytes(FNV1a.hash))
    }
}
