import AlmanacClient
import AlmanacCore
import AlmanacProgram
import Foundation

/// The runs of the program that answer the server's requests (docs/serve.md, "Answers kept"):
/// each in process (`InProcessRun`) with the server's environment and the request's variables
/// over it. An answer is kept for the clock minute it was made in and no longer than the answers
/// it was made from stay fresh (`CapturedRun.freshUntil`): the same request again meanwhile, with
/// nothing in the home's cache, data or config folders changed since (their modification times,
/// `FolderStamp`), gets the same output without a run; the same request
/// asked while it runs waits for that run instead of starting another. Only runs that succeeded
/// are kept, and at most `most` of them.
actor ServerRuns {
    /// A kept output, the minute it is good for and the folders' stamp it was made from, and
    /// the request it answers (for `refreshRecent`).
    private struct Kept {
        let output: CapturedRun
        let minute: Int
        let stamp: FolderStamp
        let request: Request
    }

    /// What a run is asked: its arguments, the variables over the server's, a terminal or not.
    private struct Request {
        let arguments: [String]
        let variables: [String: String]
        let terminal: Bool

        /// Each part with its length before it: no two requests share a key, whatever bytes they hold.
        var key: String {
            let parts = [terminal ? "t" : "-"] + arguments + ["|"] + variables.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
            return parts.map { "\($0.utf8.count):\($0)" }.joined()
        }
    }

    /// The most outputs kept; past it, those of earlier minutes go, then all.
    static let most = 512

    let environment: [String: String]
    let executablePath: String?
    private let folders: [String]
    /// The clock minute now (injected in tests).
    private let minuteNow: @Sendable () -> Int
    private var kept: [String: Kept] = [:]
    private var running: [String: Task<CapturedRun, Never>] = [:]
    /// Runs made and answers given from what was kept (what the tests read of it).
    private(set) var counts = (runs: 0, kept: 0)

    init(
        environment: [String: String], executablePath: String?, minute: @escaping @Sendable () -> Int = { Int(Date().timeIntervalSince1970 / 60) }
    ) {
        (self.environment, self.executablePath, minuteNow) = (environment, executablePath, minute)
        let paths = Paths.resolve(Environment(environment))
        folders = [paths.cache.path, paths.cache.appendingPathComponent("replay").path, paths.data.path, paths.config.path]
    }

    /// The output of `arguments` run with `variables` over the server's environment, a
    /// terminal's standard output when `terminal`.
    func run(_ arguments: [String], variables: [String: String] = [:], terminal: Bool = false) async -> CapturedRun {
        await run(Request(arguments: arguments, variables: variables, terminal: terminal))
    }

    /// After a resume or a change of network (`WorldWatch`): what was asked since `since` (the
    /// wall clock's time 10 minutes before the event: a suspend moves the wall clock on) runs again
    /// at once, without its kept answer, so that what went stale meanwhile is fetched (a glance's
    /// detached refresher, a command's own request) before the next bar asks. The latest
    /// `mostRefreshed` at most, four at a time. Returns how many ran.
    @discardableResult
    func refreshRecent(askedSince since: Date) async -> Int {
        let recent = kept.values.filter { $0.minute >= Int(since.timeIntervalSince1970 / 60) }.sorted { $0.minute > $1.minute }
            .prefix(Self.mostRefreshed).map(\.request)
        kept = [:]
        for start in stride(from: 0, to: recent.count, by: 4) {
            await withTaskGroup(of: Void.self) { group in
                for request in recent[start..<min(start + 4, recent.count)] { group.addTask { _ = await self.run(request) } }
            }
        }
        return recent.count
    }

    /// The most requests run again after a resume.
    static let mostRefreshed = 32

    private func run(_ request: Request) async -> CapturedRun {
        let (key, arguments, variables, terminal) = (request.key, request.arguments, request.variables, request.terminal)
        let (stamp, minute) = (FolderStamp(folders), minuteNow())
        if let kept = kept[key], kept.minute == minute, kept.stamp == stamp, (kept.output.freshUntil ?? .distantFuture) > Date() {
            counts.kept += 1
            return kept.output
        }
        if let task = running[key] { return await task.value }
        let (environment, executablePath) = (self.environment.merging(variables) { _, new in new }, self.executablePath)
        let task = Task { await InProcessRun.run(arguments, environment: environment, executablePath: executablePath, terminal: terminal) }
        running[key] = task
        let output = await task.value
        running[key] = nil
        counts.runs += 1
        if output.status == 0 { keep(Kept(output: output, minute: minute, stamp: stamp, request: request), key: key) }
        return output
    }

    private func keep(_ answer: Kept, key: String) {
        let minute = answer.minute
        if kept.count >= Self.most { kept = kept.filter { $0.value.minute == minute } }
        if kept.count >= Self.most { kept = [:] }
        // The stamp from before the run: what the run itself stored makes the next request run again.
        kept[key] = answer
    }
}

/// The modification times of a few folders: any file made, replaced or removed in one changes it.
struct FolderStamp: Equatable {
    let times: [timespec?]

    init(_ folders: [String]) {
        times = folders.map { path in
            var info = stat()
            return stat(path, &info) == 0 ? info.st_mtim : nil
        }
    }

    static func == (lhs: FolderStamp, rhs: FolderStamp) -> Bool {
        lhs.times.count == rhs.times.count
            && zip(lhs.times, rhs.times).allSatisfy { a, b in a?.tv_sec == b?.tv_sec && a?.tv_nsec == b?.tv_nsec }
    }
}
