import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

extension CreditBudget {
    /// The budget a run's configuration describes: its state folder, and the plan its
    /// environment sets.
    package init(configuration: Configuration, clock: any Clock) {
        self.init(stateFolder: configuration.paths.state, plan: CreditBudget.plan { configuration.environment[$0] }, clock: clock)
    }
}

extension CreditBudget: ResponseObserver {
    /// Follows Twelve Data's own count: its credit headers win; a 429 marks the minute (or the
    /// day, when its message says so) as spent; an answer without headers settles the reservation.
    package func observe(_ response: HTTPResponse, for descriptor: RequestDescriptor) {
        guard descriptor.provider == .twelveData else { return }
        let now = clock.now()
        let id = Self.reservation
        if let used = response.header("api-credits-used").flatMap({ Int($0.trimmingWhitespace()) }),
            let left = response.header("api-credits-left").flatMap({ Int($0.trimmingWhitespace()) })
        {
            record(used: used, left: left, settling: id, now: now)
        } else if let id, response.status < 500 {
            settle(id, now: now)
        }
        if response.status == 429 {
            let text = String(decoding: response.body.prefix(2000), as: UTF8.self).lowercased()
            exhaust(day: text.contains("for the day") || text.contains("daily"), now: now)
        }
    }
}
