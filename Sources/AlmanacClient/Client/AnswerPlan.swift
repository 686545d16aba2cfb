import Foundation

/// What `DataClient` does for one live request, decided before anything is sent from what is
/// known: the stored answer's state, the run's flags and the provider's pause (docs/architecture.md
/// §4, "The answer plan"). A pure function, tested table by table (`AnswerPlanTests`); the client
/// runs the plan. (`--offline` and a missing key never get here: they read the cache, else the
/// sample data.)
package enum AnswerPlan: Equatable, Sendable {
    /// A fresh stored answer: no network.
    case stored
    /// A glance's stale answer: shown at once; the detached refresher asks.
    case staleForGlance
    /// Within the server's `stale-while-revalidate` window: shown at once, refreshed behind it.
    case staleRefreshedBehind
    /// The provider's own `Retry-After` is not over: the stale answer with a warning, or, with
    /// nothing stored, the rate limit as the answer. Nothing is sent.
    case paused
    /// Nothing stored, or `--refresh`: ask (under the credit policy); failing that, the sample data.
    case ask
    /// A stale answer: shown first, then asked about again with its validators; on a failure it
    /// stands (quietly within the server's `stale-if-error` window). The credit policy may keep
    /// it instead of asking.
    case revalidate

    /// A stored answer as the plan sees it.
    package enum Stored: Equatable, Sendable {
        case fresh
        /// Past its freshness; `withinWindow`: inside the server's `stale-while-revalidate`;
        /// `glanceMayShow`: a glance may show it (no window said, or inside it).
        case stale(withinWindow: Bool, glanceMayShow: Bool)
    }

    /// The plan for a request with `stored` (nil: nothing stored). `paused` is asked only when
    /// the plan depends on it, so a fresh answer reads no pause file.
    package static func decide(stored: Stored?, refresh: Bool, glance: Bool, paused: () -> Bool) -> AnswerPlan {
        if let stored, !refresh {
            switch stored {
            case .fresh: return .stored
            case .stale(_, let glanceMayShow) where glance && glanceMayShow: return .staleForGlance
            case .stale(let withinWindow, _) where withinWindow: return .staleRefreshedBehind
            case .stale: break
            }
        }
        if paused() { return .paused }
        return refresh || stored == nil ? .ask : .revalidate
    }
}
