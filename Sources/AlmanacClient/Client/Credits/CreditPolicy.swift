import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// The Twelve Data credit budget as the client's send policy: a request that is not fresh in the
/// cache reserves its credit first. When the minute (or the day) is spent, a cached answer
/// stands, with a note saying when fresh data can come; with nothing cached, waits for the
/// credit (a countdown) or throws `CreditLimitError` (`--no-wait`, or the day is spent).
///
/// Other providers, and sends already inside a caller's reservation (a batch of prices reserved
/// as a whole, `/api_usage`), pass as they are.
package struct CreditPolicy: SendPolicy {
    /// Reserves, waits for and settles the credits.
    package let gate: CreditGate

    /// The policy for `gate`.
    package init(gate: CreditGate) { self.gate = gate }

    package func admit(_ descriptor: RequestDescriptor, cachedAt: Date?) async throws -> SendAdmission {
        guard descriptor.provider.countsCredits, CreditBudget.reservation == nil else { return .send(.free) }
        let budget = gate.budget
        while true {
            switch try budget.reserve(1, now: gate.clock.now()) {
            case .granted(let id):
                return .send(SendTicket(id))
            case .wait(let until):
                guard let cachedAt else {
                    try await gate.wait(until: until)
                    continue
                }
                gate.noteCached("the \(descriptor.what)", fetchedAt: cachedAt, freshAt: until)
                return .serveCached
            case .dailyLimit(let resetsAt):
                guard let cachedAt else { throw CreditLimitError.daily(resetsAt: resetsAt, perDay: budget.plan.perDay) }
                gate.noteCached("the \(descriptor.what)", fetchedAt: cachedAt, freshAt: resetsAt)
                return .serveCached
            }
        }
    }

    package func sending<T: Sendable>(_ ticket: SendTicket, _ operation: () async throws -> T) async throws -> T {
        guard let id = ticket.reservation else { return try await operation() }
        return try await gate.budget.spending(id, operation)
    }
}
