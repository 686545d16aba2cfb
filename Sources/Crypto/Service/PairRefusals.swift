import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Pairs Twelve Data refused to price (not found, not in the plan), remembered for a day in the
/// state folder (`twelvedata-refusals.json`) so the watchlist does not spend a credit on each of
/// them every run. Forgotten when the pair is removed; `--refresh` asks again. Only a
/// convenience: an unreadable file means asking again.
struct PairRefusals {
    /// A refusal as remembered: the provider's reason and when it was given.
    struct Refusal: Codable, Equatable {
        var reason: String
        var at: Double
    }

    /// How long a refusal is remembered: a day.
    static let memory: TimeInterval = 86400

    private let refusals: StateMap<Refusal>

    init(stateFolder: URL) {
        refusals = StateMap(stateFolder: stateFolder, name: "twelvedata-refusals.json")
    }

    /// The refusals still remembered at `now`, by symbol, with when each may be asked again.
    func current(now: Date) -> [String: (reason: String, until: Date)] {
        refusals.read().compactMapValues { refusal in
            let until = Date(timeIntervalSince1970: refusal.at + Self.memory)
            return until > now ? (refusal.reason, until) : nil
        }
    }

    /// Remembers refusals (symbol → reason) given at `now`; forgets the ones past their day.
    func remember(_ reasons: [String: String], now: Date) {
        guard !reasons.isEmpty else { return }
        refusals.update { refusals in
            refusals = refusals.filter { $0.value.at + Self.memory > now.timeIntervalSince1970 }
            for (symbol, reason) in reasons { refusals[symbol] = Refusal(reason: reason, at: now.timeIntervalSince1970) }
        }
    }

    /// Forgets the pairs given (removed from the watchlist, or priced after all).
    func forget(_ symbols: [String]) {
        guard refusals.read().keys.contains(where: symbols.contains) else { return }
        refusals.update { refusals in for symbol in symbols { refusals[symbol] = nil } }
    }
}
