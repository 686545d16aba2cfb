import Foundation

/// The machine's events and actions (`AnswerMachine`): each carries the data its receiver needs.
extension AnswerMachine {
    /// A stored answer past its freshness, as the server's directives let it be used.
    package struct Staleness: Equatable, Sendable {
        /// Inside the server's `stale-while-revalidate` window.
        package var withinWindow = false
        /// A glance may show it (no window said, or inside it).
        package var glanceMayShow = false
        /// `must-revalidate`: never shown stale (RFC 9111 §5.2.2.2).
        package var mustRevalidate = false
        /// Inside the server's `stale-if-error` window: a failed revalidation keeps it quietly (RFC 5861).
        package var quietOnError = false

        package init(withinWindow: Bool = false, glanceMayShow: Bool = false, mustRevalidate: Bool = false, quietOnError: Bool = false) {
            (self.withinWindow, self.glanceMayShow, self.mustRevalidate, self.quietOnError) =
                (withinWindow, glanceMayShow, mustRevalidate, quietOnError)
        }
    }

    /// The stored answer: fresh, or stale as `Staleness` says.
    package enum Stored: Equatable, Sendable {
        case fresh
        case stale(Staleness)
    }

    /// The command's deadline as a policy's wait sees it (`RunDeadline`).
    package enum Deadline: Equatable, Sendable {
        /// None, or one a wait moves back (no `--timeout`): any wait fits.
        case movable
        /// `--timeout` or a status bar: a wait fits when a second of network time is left after it.
        case fixed(secondsLeft: Double)
    }

    /// What is known when a request is asked.
    package struct Request: Equatable, Sendable {
        /// The stored answer; nil: nothing stored (or it cannot be decoded).
        package var stored: Stored?
        /// `--refresh`: the stored answer is not served first.
        package var refresh = false
        /// A status-bar glance: a stale answer is shown at once.
        package var glance = false
        /// The provider was found unreachable earlier this run.
        package var unreachable = false
        /// The provider needs no key: when it cannot be reached, its recorded sample answers.
        package var keyless = false
        /// `--no-wait`: a wait the send policy asks for fails at once.
        package var noWait = false
        /// A refresh behind a stale answer already shown (inside `stale-while-revalidate`): it
        /// reads the pause and asks the policy like any request, never waits, and is quiet when
        /// it cannot send or fails — the answer shown stands.
        package var behind = false

        package init(
            stored: Stored? = nil, refresh: Bool = false, glance: Bool = false, unreachable: Bool = false, keyless: Bool = false,
            noWait: Bool = false, behind: Bool = false
        ) {
            (self.stored, self.refresh, self.glance, self.unreachable, self.keyless, self.noWait, self.behind) =
                (stored, refresh, glance, unreachable, keyless, noWait, behind)
        }
    }

    /// The send policy's verdict (`SendPolicy.admit`).
    package enum Admission: Equatable, Sendable {
        case granted
        /// Not now: the policy lets the next send go at `until`, `seconds` whole seconds away; a
        /// wait may reach it.
        case deferred(until: Date, seconds: Int)
        /// Not before `until`, and no wait reaches it.
        case refused(until: Date)
    }

    /// What came back from a send (the cache's side kept it by HTTP's rules meanwhile).
    package enum Response: Equatable, Sendable {
        /// 200 and the like; `deprecated`: HTTP 203.
        case answer(deprecated: Bool)
        /// 304 to a conditional request: the stored answer renewed.
        case notModified
        /// `no-store`: answered, and nothing kept.
        case noStore
        /// Another almanac process stored the answer while this one waited for the resource.
        case answeredElsewhere
    }

    /// How a send failed.
    package enum Failure: Equatable, Sendable {
        /// A transport failure or a 5xx: the provider cannot be reached now.
        case unreachable
        /// The caller left (Ctrl+C, a cancelled task): nothing to warn about.
        case cancelled
        /// Anything else the server or the decoder said.
        case other
    }

    package enum Event: Equatable, Sendable {
        case asked(Request)
        /// Whether the provider's own `Retry-After` pause is on (asked for by `readPause`).
        case pause(active: Bool)
        /// The policy's verdict, with the command's deadline as it stands now.
        case admitted(Admission, deadline: Deadline)
        /// The policy's wait is over.
        case waited
        case responded(Response)
        case failed(Failure)
        /// The sample answer `serveSample` asked for does not exist.
        case noSample
    }

    /// Why a stored answer is served stale with a warning.
    package enum Warning: Equatable, Sendable {
        /// The provider's pause: the rate limit.
        case paused
        /// The send policy holds the request: fresh data at `freshAt` (the policy words it).
        case held(freshAt: Date)
        /// The revalidation failed (the executor holds the error).
        case failed
    }

    /// A send the policy holds, with nothing to show instead (the policy words it).
    package enum WaitRefusal: Equatable, Sendable {
        /// `--no-wait`: the next send may go in `seconds`, at `until`.
        case noWait(until: Date, seconds: Int)
        /// The wait of `seconds` does not fit the command's fixed deadline.
        case beyondDeadline(seconds: Int)
        /// Refused until `until`; no wait reaches it.
        case refused(until: Date)
    }

    /// What the executor throws.
    package enum Refusal: Equatable, Sendable {
        /// The error the send ended with, as it is.
        case asReceived
        /// The provider's pause, with nothing to show.
        case rateLimited
        /// A `must-revalidate` answer that could not be revalidated (`StaleRefused`).
        case staleRefused
        /// The send policy.
        case policy(WaitRefusal)
        /// An event the machine did not ask for: the executor's mistake.
        case outOfOrder
    }

    package enum Action: Equatable, Sendable {
        /// Answer with the stored entry (marked stale when `stale`); `warning`: say why it stands.
        case serveStored(stale: Bool, warning: Warning?)
        /// Inside `stale-while-revalidate`: the stored answer now, a refresh behind it.
        case serveStoredRefreshingBehind
        /// A glance's stale answer: shown now; the glance refresher asks (`GlanceRefresher`).
        case serveStoredForGlance
        /// Read the provider's pause; answer with `.pause`.
        case readPause
        /// Ask the send policy; answer with `.admitted`.
        case admit
        /// Wait for the policy until `until` (the policy shows the wait), then `.waited`.
        case waitForPolicy(until: Date)
        /// Send; `conditional`: with the stored answer's validators; `showStaleFirst`: hand the
        /// stale answer to the caller first (`onStale`). Then `.responded` or `.failed`.
        case send(conditional: Bool, showStaleFirst: Bool)
        /// Answer with what the send returned; `noteDeprecated`: say the product is deprecated.
        case serveReceived(noteDeprecated: Bool)
        /// The provider is unreachable: remember that for the run; answer with its sample, else `.noSample`.
        case serveSample
        /// Throw; `rememberUnreachable`: remember the provider as unreachable for the run.
        case fail(Refusal, rememberUnreachable: Bool)
    }
}

/// Whether a policy's wait may happen — the one rule for the client's waits and a feature's own
/// (a batch's reservation): `--no-wait` refuses any; a fixed deadline refuses one that leaves
/// less than a second of network time after it (docs/architecture.md §3).
package enum PolicyWaitRule {
    /// Nil: wait. Else why not.
    package static func refusal(seconds: Int, until: Date, noWait: Bool, deadline: AnswerMachine.Deadline) -> AnswerMachine.WaitRefusal? {
        if noWait { return .noWait(until: until, seconds: seconds) }
        if case .fixed(let left) = deadline, left - Double(seconds) < 1 { return .beyondDeadline(seconds: seconds) }
        return nil
    }

    /// Whole seconds from `now` to `until`, at least one.
    package static func seconds(until: Date, now: Date) -> Int { max(1, Int(rounding: until.timeIntervalSince(now), .up)) }
}

extension AnswerMachine {
    /// The executor fed the machine an event it did not ask for, or lacked what an action needs.
    package struct OutOfOrder: Error, CustomStringConvertible {
        package var description: String { "internal error: the answer machine was given an event it did not ask for" }
    }
}
