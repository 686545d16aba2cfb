import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import AlmanacTestSupport
import Foundation

/// Whole-process times of sample-data commands against the process floor (`almanac --version`)
/// and the same command on a warm live cache; runs interleaved in rounds, medians of `--runs` (10).
enum OfflineBench {
    static let commands: [[String]] = [["weather", "forecast", "Moscow"], ["crypto"], ["fruit", "list"], ["crypto", "history", "ETH"]]

    static func run(_ options: BenchOptions) async throws {
        let runs = options.int("runs", default: 10)
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(
            "almanac")
        let server = try FixtureServer(fixtures: try CacheBench.locateFixtures())
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-bench-offline-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let (sample, live) = environments(root: root, server: server)
        for command in commands {
            _ = try time(binary, command, sample)
            _ = try time(binary, command, live)
        }
        var floor: [Double] = []
        var times: [String: (sample: [Double], live: [Double])] = [:]
        for _ in 0..<runs {
            floor.append(try time(binary, ["--version"], sample))
            for command in commands {
                let name = command.joined(separator: " ")
                times[name, default: ([], [])].sample.append(try time(binary, command, sample))
                times[name, default: ([], [])].live.append(try time(binary, command, live))
            }
        }
        table(runs: runs, floor: floor, times: times, asJSON: options.json)
    }

    /// Sample data (`--offline`) and live against the loopback providers, each in its own home.
    static func environments(root: URL, server: FixtureServer) -> (sample: [String: String], live: [String: String]) {
        let sample = ["ALMANAC_HOME": root.appendingPathComponent("sample").path, "ALMANAC_TODAY": "2026-11-20", "ALMANAC_OFFLINE": "1"]
        var live = server.environment.merging([
            "ALMANAC_HOME": root.appendingPathComponent("live").path, "ALMANAC_TODAY": "2026-11-20",
            "TWELVEDATA_API_KEY": "bench", "OPENWEATHER_API_KEY": "bench", "YANDEX_GEOCODER_API_KEY": "bench",
            "TWELVEDATA_CREDITS_PER_MINUTE": "1000",
        ]) { _, new in new }
        live["ALMANAC_FRUITYVICE_URL"] = server.baseURL(for: .fruityvice)
        return (sample, live)
    }

    /// Medians of each figure, and the ratios taken round by round (each run against the floor and
    /// the live run of the same round) then their median: the machine's speed drifts between
    /// rounds, and a ratio of two medians taken at different moments carries that drift.
    static func table(runs: Int, floor: [Double], times: [String: (sample: [Double], live: [Double])], asJSON: Bool) {
        let floorMedian = median(floor)
        var rows: [(String, String)] = [("almanac --version (floor)", milliseconds(floorMedian))]
        var json: [String: Any] = ["runs": runs, "floor_ms": floorMedian * 1000]
        for command in commands {
            let name = command.joined(separator: " ")
            let (sample, live) = times[name]!
            let (sampleMedian, liveMedian) = (median(sample), median(live))
            let versusFloor = median(zip(sample, floor).map { $0 / $1 })
            let versusLive = median(zip(sample, live).map { $0 / $1 })
            rows.append(
                (
                    name,
                    String(
                        format: "sample %@ (%.2f× floor) · warm live cache %@ · sample/live %.2f×",
                        milliseconds(sampleMedian), versusFloor, milliseconds(liveMedian), versusLive)
                ))
            json[name] = [
                "sample_ms": sampleMedian * 1000, "live_warm_ms": liveMedian * 1000, "sample_vs_floor": versusFloor, "sample_vs_live": versusLive,
            ]
        }
        report(
            "Sample data, whole process, median of \(runs) rounds; ratios paired within a round (goal: ≤ 1.25× the floor and ≤ the warm live cache)",
            rows, json: json, asJSON: asJSON)
    }

    /// Wall seconds of one run of the binary, output discarded.
    static func time(_ binary: URL, _ arguments: [String], _ environment: [String: String]) throws -> Double {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment.merging(["PATH": "/usr/bin:/bin", "HOME": environment["ALMANAC_HOME"] ?? "/tmp"]) { old, _ in old }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError.failed(arguments.joined(separator: " ")) }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    enum BenchError: Error, CustomStringConvertible {
        case failed(String)
        var description: String { "almanac \(self.command) failed" }
        var command: String { if case .failed(let text) = self { return text } else { return "" } }
    }
}
