import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Waits for Twelve Data credits the way a person can follow: each second reported to the front
/// end (`onWait`: a countdown on a terminal), or without one a single note; an immediate
/// `CreditLimitError` with `--no-wait` or when the day is spent.
package struct CreditGate: Sendable {
    /// Told of a wait each second, and `nil` when it ends.
    package typealias WaitReporter = PolicyWaits.Reporter

    /// The shared credit counter.
    package let budget: CreditBudget
    /// Where the one-line note goes when no `onWait` draws the wait.
    package let console: Console
    /// The time waits are measured by.
    package let clock: any Clock
    /// How a wait passes (`systemSleep` in the program).
    package let sleep: Sleeper
    /// Fail at once instead of waiting.
    package let noWait: Bool
    /// How the front end shows a wait; nil: one note line.
    package let onWait: WaitReporter?
    /// The command's deadline: a wait that cannot fit a fixed one is refused at once, and one
    /// that waits moves a deadline that is not fixed back (`RunDeadline`); nil: none.
    package let deadline: RunDeadline?

    /// A gate over `budget`; waits with `sleep` unless `noWait`.
    package init(
        budget: CreditBudget, console: Console, clock: any Clock, sleep: @escaping Sleeper = PolicyWaits.systemSleep, noWait: Bool,
        onWait: WaitReporter? = nil, deadline: RunDeadline? = nil
    ) {
        (self.budget, self.console, self.clock, self.sleep, self.noWait, self.onWait, self.deadline) = (
            budget, console, clock, sleep, noWait, onWait, deadline
        )
    }

    /// The gate a run's context describes: its budget file and plan, `--no-wait`, its deadline,
    /// and its waits as the front end shows them.
    package static func standard(_ context: AppContext) -> CreditGate {
        let configuration = context.configuration
        return CreditGate(
            budget: CreditBudget(configuration: configuration, clock: context.clock), console: context.console, clock: context.clock,
            sleep: context.waits.sleep, noWait: configuration.noWait, onWait: context.waits.onWait, deadline: configuration.deadline)
    }

    /// The run's one gate: made the first time the run needs it and adopted as the client's send
    /// policy for Twelve Data (`SendPolicies`), so every request and every batch reservation of
    /// the run counts against one budget and shows one countdown.
    package static func forRun(_ context: AppContext) -> CreditGate {
        let adopted = context.client.policies.adopt(for: .twelveData) { CreditPolicy(gate: standard(context)) }
        return (adopted as? CreditPolicy)?.gate ?? standard(context)
    }

    /// "Twelve Data free plan: 8 credits a minute" (or the configured plan).
    package var planText: String {
        let plan = budget.plan
        let name = plan == CreditBudget.Plan() ? "Twelve Data free plan" : "Twelve Data plan"
        return "\(name): \(plan.perMinute) credits a minute"
    }

    /// Reserves `credits`, waiting for them when the minute is spent. Throws when waiting is
    /// declined or the day is spent.
    package func acquire(_ credits: Int) async throws -> UUID {
        while true {
            let now = clock.now()
            switch try budget.reserve(min(credits, budget.plan.perMinute), now: now) {
            case .granted(let id): return id
            case .dailyLimit(let resetsAt): throw CreditLimitError.daily(resetsAt: resetsAt, perDay: budget.plan.perDay)
            case .wait(let until): try await wait(until: until)
            }
        }
    }

    /// Waits until `until` when `PolicyWaitRule` allows it (the rule the client's `AnswerMachine`
    /// applies too); throws at once when it does not (docs/architecture.md §3, "Time budgets").
    package func wait(until: Date) async throws {
        let seconds = PolicyWaitRule.seconds(until: until, now: clock.now())
        if let refusal = PolicyWaitRule.refusal(seconds: seconds, until: until, noWait: noWait, deadline: RunDeadline.forWait(deadline)) {
            throw error(for: refusal)
        }
        try await countdown(until: until)
    }

    /// The wait itself, decided already: a deadline that is not fixed moves back by it; each
    /// second reported to `onWait` (else one note).
    package func countdown(until: Date) async throws {
        let seconds = PolicyWaitRule.seconds(until: until, now: clock.now())
        deadline?.postpone(by: Double(seconds))
        if onWait == nil { console.note("\(planText); next request in \(seconds) s.") }
        defer { onWait?(nil) }
        while true {
            let left = Int(rounding: until.timeIntervalSince(clock.now()), .up)
            if left <= 0 { return }
            onWait?(PolicyWait(plan: planText, until: until, secondsLeft: left))
            try await sleep(Double(min(left, 1)))
        }
    }

    /// The words of a refused wait.
    package func error(for refusal: AnswerMachine.WaitRefusal) -> CreditLimitError {
        switch refusal {
        case .noWait(let until, let seconds): .minute(until: until, seconds: seconds, perMinute: budget.plan.perMinute)
        case .beyondDeadline(let seconds): .beyondDeadline(seconds: seconds, allowing: deadline?.allowing(wait: seconds) ?? seconds, plan: planText)
        case .refused(let resetsAt): .daily(resetsAt: resetsAt, perDay: budget.plan.perDay)
        }
    }

    /// "Twelve Data free plan: 8 credits a minute; showing … cached 2 min ago. Fresh data in 40 s."
    package func noteCached(_ what: String, fetchedAt: Date, freshAt: Date) {
        let now = clock.now()
        console.note(
            "note: \(planText); showing \(what) cached \(Age.describe(now.timeIntervalSince(fetchedAt))) ago. "
                + "Fresh data in \(Age.describe(freshAt.timeIntervalSince(now).rounded(.up))).")
    }
}
