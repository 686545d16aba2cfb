import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The Twelve Data credit budget as the client's send policy: a request that is not fresh in the
/// cache reserves its credit first; a spent minute or day is reported to the `AnswerMachine`,
/// which keeps a stored answer (this policy's note says when fresh data can come), waits (the
/// gate's countdown) or refuses (`CreditLimitError`).
///
/// Other providers, and sends already inside a caller's reservation (a batch of prices reserved
/// as a whole, `/api_usage`), pass as they are.
package struct CreditPolicy: SendPolicy {
    /// Reserves, waits for and settles the credits.
    package let gate: CreditGate

    /// The policy for `gate`.
    package init(gate: CreditGate) { self.gate = gate }

    package func admit(_ descriptor: RequestDescriptor) throws -> SendAdmission {
        guard descriptor.provider.spendsAllowance, CreditBudget.reservation == nil else { return .send(.free) }
        let now = gate.clock.now()
        switch try gate.budget.reserve(1, now: now) {
        case .granted(let id): return .send(SendTicket(id))
        case .wait(let until): return .deferred(until: until)
        case .dailyLimit(let resetsAt): return .refused(until: resetsAt)
        }
    }

    package func wait(until: Date) async throws { try await gate.countdown(until: until) }

    package func noteKept(_ what: String, fetchedAt: Date, freshAt: Date) {
        gate.noteCached("the \(what)", fetchedAt: fetchedAt, freshAt: freshAt)
    }

    package func error(for refusal: AnswerMachine.WaitRefusal) -> any Error { gate.error(for: refusal) }

    package func observe(_ response: HTTPResponse, for descriptor: RequestDescriptor) { gate.budget.observe(response, for: descriptor) }

    package func sending<T: Sendable>(_ ticket: SendTicket, _ operation: () async throws -> T) async throws -> T {
        guard let id = ticket.reservation else { return try await operation() }
        return try await gate.budget.spending(id, operation)
    }
}
