import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A running `almanac serve --port 0` for the benchmark: its port (from its first log line), its
/// resident memory and processor time (from `/proc`), stopped with SIGTERM.
final class Served: Sendable {
    let process: Process
    let port: Int
    /// What the server wrote to stderr so far.
    private final class Log: Sendable {
        let text = Mutex("")
    }

    init(binary: String, environment: [String: String]) throws {
        let process = try Self.spawn(binary, ["serve", "--port", "0"], environment, log: true)
        let log = Log()
        (process.standardError as? Pipe)?.fileHandleForReading.readabilityHandler = { file in
            let data = file.availableData
            log.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        let deadline = Date().addingTimeInterval(10)
        var port: Int?
        while port == nil, Date() < deadline {
            port = log.text.withLock { $0.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) } }
            if port == nil { Thread.sleep(forTimeInterval: 0.02) }
        }
        guard let port else {
            process.terminate()
            process.waitUntilExit()
            throw OfflineBench.BenchError.failed("almanac serve did not start: \(log.text.withLock { $0 })")
        }
        (self.process, self.port) = (process, port)
    }

    /// `binary arguments` with `environment`, its output thrown away (or its stderr piped, `log`).
    static func spawn(_ binary: String, _ arguments: [String], _ environment: [String: String], log: Bool = false) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = log ? Pipe() : FileHandle.nullDevice
        try process.run()
        return process
    }

    /// 20 followers of `binary`'s glance, 4 a place of `places`, each looking every second; those
    /// started are stopped if one cannot be.
    static func followers(_ binary: String, places: [String], environment: [String: String]) throws -> [Process] {
        var started: [Process] = []
        do {
            for index in 0..<20 {
                let arguments = ["weather", places[index % places.count], "--format", "3", "--follow"]
                started.append(try spawn(binary, arguments, environment.merging(["ALMANAC_FOLLOW_EVERY": "1"]) { _, new in new }))
            }
        } catch {
            for follower in started { follower.terminate() }
            throw error
        }
        return started
    }

    /// Resident memory in MB: all of it (`VmRSS`), or the process's own (`RssAnon`: not the
    /// pages of the program file, which the kernel can drop and read again).
    func residentMB(_ field: String = "VmRSS") -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Double(line.split(separator: " ").dropFirst().first ?? "0").map { $0 / 1024 } ?? 0
    }

    /// User and system time so far, seconds.
    func processorSeconds() -> Double {
        let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
        // Past the command's name in parentheses: fields 14 and 15 (utime, stime), in clock ticks.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    func stop() {
        (process.standardError as? Pipe)?.fileHandleForReading.readabilityHandler = nil
        process.terminate()
        process.waitUntilExit()
    }
}
