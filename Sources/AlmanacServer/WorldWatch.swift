import AlmanacCore
import AlmanacProgram
import Foundation
import ServiceLifecycle

/// The server noticing the world (docs/serve.md, "After a suspend"): each second it reads the
/// wall clock, the clock that stops while suspended and the network's default routes; on a
/// resume or a change of network (`FollowSchedule.changed`) it runs again what was asked in the
/// last 10 minutes (`ServerRuns.refreshRecent`), so the bars' next look finds it fresh, not the
/// answer from before the suspend. One log line each time.
struct WorldWatch: Service {
    let runs: ServerRuns

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            let origin = SuspendingClock.now
            var last = FollowSchedule.Reading.now(since: origin)
            while !Task.isCancelled {
                try await Task.sleep(for: .seconds(1))
                let reading = FollowSchedule.Reading.now(since: origin)
                defer { last = reading }
                guard FollowSchedule.changed(from: last, to: reading) else { continue }
                let what = reading.routes == last.routes ? "resumed from suspend" : "the network changed"
                let count = await runs.refreshRecent(askedSince: Date(timeIntervalSince1970: last.wall - 600))
                Console.write("almanac serve: \(what); ran again the \(count) answers asked in the last 10 minutes.\n", to: STDERR_FILENO)
            }
        }
    }
}
