import AlmanacCore
import AlmanacProgram
import Foundation
import ServiceLifecycle

/// `almanac serve --notify` (docs/serve.md, "Notifications"): each round, the warnings of every
/// saved city (`weather warnings 1 2 … --notify`) and the price alerts (`crypto alert check
/// --notify`), each a run of the program in process, so that what was sent is remembered where
/// the commands remember it and each new or changed warning and alert goes out once. The runs
/// read the cache first, so the providers are asked as often as their answers' lifetimes allow,
/// not each round. A run that fails is one log line; the next round tries again. It stops at
/// shutdown once the round under way ends (each run bounded by its `--timeout`).
struct NotifierService: Service {
    let environment: [String: String]
    let executablePath: String?
    /// Between rounds; `ALMANAC_NOTIFY_EVERY` seconds, 60 by default.
    let every: Duration
    let verbose: Bool

    /// The service `--notify` adds, its round from `ALMANAC_NOTIFY_EVERY`; says so on stderr.
    static func announced(environment: [String: String], executablePath: String?, verbose: Bool) -> NotifierService {
        // A second to a day; anything else (0, negative, `inf`, not a number) is the default.
        let every = environment["ALMANAC_NOTIFY_EVERY"].flatMap(Double.init).flatMap { (0.1...86_400).contains($0) ? $0 : nil } ?? 60
        Console.write("almanac serve: checking warnings and price alerts every \(String(format: "%g", every)) s (--notify).\n", to: STDERR_FILENO)
        return NotifierService(environment: environment, executablePath: executablePath, every: .seconds(every), verbose: verbose)
    }

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await round()
                try await Task.sleep(for: every)
            }
        }
    }

    /// One round: the saved cities' warnings, then the alerts.
    func round() async {
        let places = await savedCityNumbers()
        var commands = [["crypto", "alert", "check", "--notify", "--json"]]
        if !places.isEmpty { commands.insert(["weather", "warnings"] + places + ["--notify", "--json"], at: 0) }
        for command in commands {
            let output = await InProcessRun.run(command + ["--timeout", "50"], environment: environment, executablePath: executablePath)
            let said = output.err.split(separator: "\n").last.map(String.init) ?? "exit \(output.status)"
            if output.status != 0 { Console.write("notify: \(command.prefix(3).joined(separator: " ")): \(said)\n", to: STDERR_FILENO) }
            if output.status == 0, verbose { Console.write("notify: \(command.joined(separator: " ")): done\n", to: STDERR_FILENO) }
        }
    }

    /// The saved cities' numbers (`weather cities --json`); none when there are none or the list
    /// cannot be read.
    private func savedCityNumbers() async -> [String] {
        let output = await InProcessRun.run(["weather", "cities", "--json"], environment: environment, executablePath: executablePath)
        guard output.status == 0, case .array(let cities)? = JSONValue.parse(Data(output.out.utf8))?["cities"] else { return [] }
        return cities.compactMap { $0["number"]?.intValue.map(String.init) }
    }
}
