import AlmanacCore
import AlmanacHTTP
import Foundation
import Synchronization

/// Twelve Data's credit count, as a loopback server keeps it: a rolling window of `perMinute`
/// credits, one credit per symbol for price endpoints, one for the others.
package final class CreditWindow: Sendable {
    package let perMinute: Int
    package let window: TimeInterval

    /// Credits spent (here and elsewhere), credits this server accepted, requests refused.
    private struct Ledger {
        var spends: [(at: Date, credits: Int)] = []
        var accepted: [(at: Date, credits: Int)] = []
        var refusals = 0
    }

    private let ledger = Mutex(Ledger())

    /// The time the window is kept by (the test's manual clock, or the system's).
    private let clock: any Clock

    package init(perMinute: Int = 8, window: TimeInterval = 60, clock: any Clock = SystemClock()) {
        self.perMinute = perMinute
        self.window = window
        self.clock = clock
    }

    /// What a request costs, as Twelve Data charges it.
    package static func cost(path: String, query: [(name: String, value: String)]) -> Int {
        let perSymbol = ["/quote", "/price", "/time_series", "/exchange_rate"]
        guard perSymbol.contains(where: { path.hasSuffix($0) }) else { return 1 }
        let symbols = query.first { $0.name == "symbol" }?.value.split(separator: ",").count ?? 1
        return max(1, symbols)
    }

    /// Spends `credits` now if they fit; returns whether they did and the count after.
    package func charge(_ credits: Int) -> (ok: Bool, used: Int, left: Int) {
        let now = clock.now()
        return ledger.withLock { ledger in
            ledger.spends.removeAll { now.timeIntervalSince($0.at) >= window }
            let used = ledger.spends.reduce(0) { $0 + $1.credits }
            guard used + credits <= perMinute else {
                ledger.refusals += 1
                return (false, used, max(0, perMinute - used))
            }
            ledger.spends.append((now, credits))
            ledger.accepted.append((now, credits))
            return (true, used + credits, perMinute - used - credits)
        }
    }

    /// Credits spent elsewhere (another device using the same key).
    package func spendElsewhere(_ credits: Int) {
        let now = clock.now()
        ledger.withLock { $0.spends.append((now, credits)) }
    }

    /// Credits this server accepted in all.
    package var totalAccepted: Int { ledger.withLock { $0.accepted.reduce(0) { $0 + $1.credits } } }

    /// Requests refused with 429.
    package var refused: Int { ledger.withLock { $0.refusals } }

    /// The most credits accepted within any `window` seconds.
    package var mostInAnyWindow: Int {
        ledger.withLock { ledger in
            let sorted = ledger.accepted.sorted { $0.at < $1.at }
            var best = 0
            for (index, start) in sorted.enumerated() {
                let total = sorted[index...].prefix { $0.at.timeIntervalSince(start.at) < window }.reduce(0) { $0 + $1.credits }
                best = max(best, total)
            }
            return best
        }
    }
}
