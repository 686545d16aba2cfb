import Foundation

/// The client's whole decision for one live request (docs/architecture.md §4, "The answer
/// machine"): events in — what is stored and known when the request is asked, the provider's
/// pause, the send policy's verdict, the response or the failure — and an action out for each,
/// carrying what the executor (`DataClient`) needs to perform it. Pure: no file, no clock, no
/// I/O; every switch is total. `AnswerMachineTests` holds a row for every transition and
/// docs/architecture.md §4's table is checked against those rows.
///
/// `--offline` and a missing key never get here: they read the cache, else the sample data.
package struct AnswerMachine: Sendable {
    private enum Mode: Equatable, Sendable {
        /// Nothing stored to stand, or `--refresh`: ask; failing that, the sample data.
        case ask
        /// A stale answer: shown first, asked about again with its validators; it stands on a failure.
        case revalidate
        /// A stale `must-revalidate` answer: asked about again, never shown stale.
        case strict
    }

    private enum Phase: Equatable, Sendable {
        case idle, shortcut, pausing, done
        case admitting(Mode)
        case waiting(Mode)
        case sending(Mode)
        case sampling(Mode)
    }

    private var request = Request()
    private var phase = Phase.idle

    /// A machine waiting for `.asked`.
    package init() {}

    /// The action for `event`; an event the machine did not ask for gets `.fail(.outOfOrder)`.
    package mutating func handle(_ event: Event) -> Action {
        switch event {
        case .asked(let request):
            guard phase == .idle else { return outOfOrder() }
            self.request = request
            return asked()
        case .pause(let active):
            guard phase == .pausing else { return outOfOrder() }
            return paused(active)
        case .admitted(let admission, let deadline):
            guard case .admitting(let mode) = phase else { return outOfOrder() }
            return admitted(admission, deadline: deadline, mode)
        case .waited:
            guard case .waiting(let mode) = phase else { return outOfOrder() }
            phase = .admitting(mode)
            return .admit
        case .responded(let response):
            guard case .sending = phase else { return outOfOrder() }
            phase = .done
            return .serveReceived(noteDeprecated: response == .answer(deprecated: true))
        case .failed(let failure):
            guard case .sending(let mode) = phase else { return outOfOrder() }
            return failed(failure, mode)
        case .noSample:
            return noSample()
        }
    }

    // MARK: - Transitions

    /// A provider found unreachable earlier this run answers from what is stored, else its
    /// sample, without the network; else the usual plan.
    private mutating func asked() -> Action {
        if request.unreachable {
            switch request.stored {
            case .fresh?: return finish(.serveStored(stale: false, warning: nil))
            case .stale(let staleness)? where !staleness.mustRevalidate: return finish(.serveStored(stale: true, warning: nil))
            case .stale?, nil:
                if request.keyless, !request.refresh {
                    phase = .shortcut
                    return .serveSample
                }
            }
        }
        return plan()
    }

    /// What is stored decides first: fresh, a glance's stale answer, or one inside its
    /// `stale-while-revalidate` window answer at once; anything else reads the pause.
    private mutating func plan() -> Action {
        if let stored = request.stored, !request.refresh, !request.behind {
            switch stored {
            case .fresh: return finish(.serveStored(stale: false, warning: nil))
            case .stale(let staleness) where staleness.mustRevalidate: break
            case .stale(let staleness) where request.glance && staleness.glanceMayShow: return finish(.serveStoredForGlance)
            case .stale(let staleness) where staleness.withinWindow: return finish(.serveStoredRefreshingBehind)
            case .stale: break
            }
        }
        phase = .pausing
        return .readPause
    }

    /// During the provider's own pause nothing is sent: a stored answer stands with a warning
    /// (never a `must-revalidate` one), else the rate limit. Otherwise the send policy is asked.
    private mutating func paused(_ active: Bool) -> Action {
        if active, request.behind { return finish(.serveStored(stale: true, warning: nil)) }
        guard !active else {
            return finish(showable ? .serveStored(stale: true, warning: .paused) : .fail(.rateLimited, rememberUnreachable: false))
        }
        let mode: Mode
        switch request.stored {
        case .stale(let staleness)? where !request.refresh: mode = staleness.mustRevalidate ? .strict : .revalidate
        case .stale?, .fresh?, nil: mode = .ask
        }
        phase = .admitting(mode)
        return .admit
    }

    /// Granted: send. Held: a stored answer that may stand does, with the policy's note; with
    /// none, a deferred send is waited for when `--no-wait` and the deadline allow
    /// (`PolicyWaitRule`), else refused; a refused one is refused.
    private mutating func admitted(_ admission: Admission, deadline: Deadline, _ mode: Mode) -> Action {
        let keeps = mode != .strict && showable
        switch admission {
        case .granted:
            phase = .sending(mode)
            return .send(conditional: mode != .ask, showStaleFirst: mode == .revalidate && !request.behind)
        case .deferred(let until, let seconds):
            // A refresh behind never waits: the answer shown stands, with the policy's note.
            if keeps || request.behind { return finish(.serveStored(stale: true, warning: .held(freshAt: until))) }
            if let refusal = PolicyWaitRule.refusal(seconds: seconds, until: until, noWait: request.noWait, deadline: deadline) {
                return finish(.fail(.policy(refusal), rememberUnreachable: false))
            }
            phase = .waiting(mode)
            return .waitForPolicy(until: until)
        case .refused(let until):
            return finish(
                keeps ? .serveStored(stale: true, warning: .held(freshAt: until)) : .fail(.policy(.refused(until: until)), rememberUnreachable: false)
            )
        }
    }

    /// A failed revalidation keeps the stale answer (quietly inside `stale-if-error`); with
    /// nothing to keep, an unreachable keyless provider answers from its sample.
    private mutating func failed(_ failure: Failure, _ mode: Mode) -> Action {
        let unreachable = failure == .unreachable && request.keyless
        if request.behind { return finish(.serveStored(stale: true, warning: nil)) }
        switch (failure, mode) {
        case (.cancelled, _): return finish(.fail(.asReceived, rememberUnreachable: false))
        case (.unreachable, .revalidate), (.other, .revalidate):
            guard case .stale(let staleness)? = request.stored, staleness.quietOnError else {
                return finish(.serveStored(stale: true, warning: .failed))
            }
            return finish(.serveStored(stale: true, warning: nil))
        case (.unreachable, .ask), (.unreachable, .strict), (.other, .ask), (.other, .strict):
            if unreachable, !request.refresh {
                phase = .sampling(mode)
                return .serveSample
            }
            return finish(.fail(mode == .strict ? .staleRefused : .asReceived, rememberUnreachable: unreachable))
        }
    }

    /// No sample: after the shortcut, the usual plan; after a failure, that failure.
    private mutating func noSample() -> Action {
        switch phase {
        case .shortcut: return plan()
        case .sampling(let mode): return finish(.fail(mode == .strict ? .staleRefused : .asReceived, rememberUnreachable: false))
        case .idle, .pausing, .done, .admitting, .waiting, .sending: return outOfOrder()
        }
    }

    /// Whether the stored answer may be shown stale: there is one, and not `must-revalidate`.
    private var showable: Bool {
        switch request.stored {
        case .fresh?: true
        case .stale(let staleness)?: !staleness.mustRevalidate
        case nil: false
        }
    }

    private mutating func finish(_ action: Action) -> Action {
        phase = .done
        return action
    }

    private mutating func outOfOrder() -> Action { finish(.fail(.outOfOrder, rememberUnreachable: false)) }
}
