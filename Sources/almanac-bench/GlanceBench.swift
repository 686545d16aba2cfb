import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `almanac-bench glance`: what a status bar pays a run, as whole processes, each run paired with
/// the same binary's `almanac --version` in the same round (docs/benchmarks.md, "A glance"):
/// a warm glance, the sample-data glance, `almanac line`, the sample forecast, and a stale glance
/// whose network hangs (absolute: it must not wait for the network). For the shipped static
/// binary and the dynamic one, where each is built.
enum GlanceBench {
    /// One measured command: its words, its environment's name and its goal (a ratio to the
    /// same binary's `--version` in the same round, or an absolute time).
    struct Case {
        var name: String
        var arguments: [String]
        var home: String
        var goal: String
    }

    static let cases: [Case] = [
        Case(name: "warm glance (weather Moscow --format 3)", arguments: ["weather", "Moscow", "--format", "3"], home: "live", goal: "≤ 1.3×"),
        Case(
            name: "sample glance (the same, --offline)", arguments: ["weather", "Moscow", "--format", "3", "--offline"], home: "live",
            goal: "≤ 1.3×"),
        Case(name: "almanac line '%c %t · %e' --place Moscow", arguments: ["line", "%c %t · %e", "--place", "Moscow"], home: "live", goal: "≤ 1.3×"),
        Case(
            name: "sample forecast (weather forecast Moscow --offline)", arguments: ["weather", "forecast", "Moscow", "--offline"], home: "live",
            goal: "≤ 1.5×"),
        Case(
            name: "glance with #90's codes (%H %L %N %R %U %V %+)", arguments: ["weather", "Moscow", "--format", "%H %L %N %R %U %V %+"],
            home: "live", goal: "≤ 1.3×"),
        Case(name: "weather normals Moscow (answers cached)", arguments: ["weather", "normals", "Moscow"], home: "live", goal: "≤ 50 ms"),
        Case(
            name: "stale glance, network hanging (--max-age 0)", arguments: ["weather", "Moscow", "--format", "3", "--max-age", "0"],
            home: "hanging", goal: "≤ 100 ms"),
    ]

    static func run(_ options: BenchOptions) throws {
        let runs = options.int("runs", default: 20)
        let here = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).deletingLastPathComponent()
        let binaries = [
            ("static", options.values["static"] ?? ".build-static/release/almanac"),
            ("dynamic", options.values["dynamic"] ?? here.appendingPathComponent("almanac").path),
        ].filter { FileManager.default.isExecutableFile(atPath: $0.1) }
        // Dated now, as a provider answers today: a warm glance is one the cache answers fresh.
        let server = try FixtureServer(fixtures: try CacheBench.locateFixtures(), redated: true)
        let hanging = try LoopbackServer { _ in .hang(seconds: 30) }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-bench-glance-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        for (kind, binary) in binaries {
            let environments = [
                "live": environment(root.appendingPathComponent(kind), urls: server.environment),
                "hanging": environment(
                    root.appendingPathComponent(kind),
                    urls: Dictionary(uniqueKeysWithValues: Provider.allCases.map { ($0.urlVariable, hanging.baseURL) })),
            ]
            // The warm cache and the kept sample answers, as a bar that has run before has them.
            for test in cases { _ = try time(binary, test.arguments, environments["live"]!) }
            var floor: [Double] = []
            var times: [String: [Double]] = [:]
            for round in 0..<runs {
                floor.append(try time(binary, ["--version"], environments["live"]!))
                for test in cases {
                    // Every run a first run: no two rounds alike in anything a cache could key on.
                    let environment = environments[test.home]!.merging(["BENCH_ROUND": "\(round)"]) { _, new in new }
                    times[test.name, default: []].append(try time(binary, test.arguments, environment))
                }
                Thread.sleep(forTimeInterval: 0.1)  // the stale glance's refresher starts before the next round, not during it
            }
            print(table(kind: kind, binary: binary, runs: runs, floor: floor, times: times))
        }
    }

    /// A home of its own under `folder` (shared by both environments, so the stale glance finds
    /// the warm cache), keyless, the providers at `urls`.
    static func environment(_ folder: URL, urls: [String: String]) -> [String: String] {
        urls.merging(["ALMANAC_HOME": folder.path, "HOME": folder.path, "PATH": "/usr/bin:/bin", "ALMANAC_TODAY": "2026-11-20"]) { _, new in new }
    }

    static func table(kind: String, binary: String, runs: Int, floor: [Double], times: [String: [Double]]) -> String {
        var lines = [
            "\nA glance against `almanac --version`, \(kind) binary (\(binary)); whole processes, medians of \(runs) rounds, ratios paired within a round",
            "almanac --version: \(milliseconds(OfflineBench.median(floor)))",
        ]
        for test in cases {
            let values = times[test.name] ?? []
            let ratio = OfflineBench.median(zip(values, floor).map { $0 / $1 })
            lines.append(
                test.name.padding(toLength: 54, withPad: " ", startingAt: 0)
                    + String(format: "%@  %.2f× --version", milliseconds(OfflineBench.median(values)), ratio)
                    + (test.goal.isEmpty ? "" : "  (goal \(test.goal))"))
        }
        return lines.joined(separator: "\n")
    }

    /// Wall seconds from spawning `binary` to reaping it, output to /dev/null: nothing of this
    /// process's own (no `Process`, no run loop) in the figure.
    static func time(_ binary: String, _ arguments: [String], _ environment: [String: String]) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, binary, &actions, nil, argv, envp) == 0 else {
            throw OfflineBench.BenchError.failed(arguments.joined(separator: " "))
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let took = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard status == 0 else { throw OfflineBench.BenchError.failed(arguments.joined(separator: " ")) }
        return took
    }
}
