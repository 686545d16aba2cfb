import AlmanacHTTP
import Foundation

/// Asked by `DataClient` before a live request is sent, once the cache has no fresh answer
/// (docs/architecture.md §4): a feature's budget or rate limit decides here whether the request
/// may go now. The policy's words (its notes and errors) are its own; the machine decides.
///
/// The client decides freshness; the policy decides sending. Nothing else reads the cache to
/// second-guess either.
package protocol SendPolicy: ResponseObserver {
    /// Whether `descriptor` may be sent now. Never waits: what a held send means for this
    /// request (keep the stored answer, wait, refuse) is the `AnswerMachine`'s decision.
    func admit(_ descriptor: RequestDescriptor) throws -> SendAdmission

    /// Waits until `until`, as the machine chose, showing the wait.
    func wait(until: Date) async throws

    /// Says why the stored answer of `what`, fetched at `fetchedAt`, stands instead of a send,
    /// and when fresh data can come (`freshAt`).
    func noteKept(_ what: String, fetchedAt: Date, freshAt: Date)

    /// The error that says why the machine refused the send.
    func error(for refusal: AnswerMachine.WaitRefusal) -> any Error

    /// Runs the send under the ticket `admit` gave, releasing it afterwards.
    func sending<T: Sendable>(_ ticket: SendTicket, _ operation: () async throws -> T) async throws -> T
}

extension SendPolicy {
    /// Sees nothing by default.
    package func observe(_ response: HTTPResponse, for descriptor: RequestDescriptor) {}
}

/// A policy's answer before a send.
package enum SendAdmission: Sendable, Equatable {
    /// Send now; the ticket is settled with the answer.
    case send(SendTicket)
    /// Not now: the next send may go at `until`, and a wait may reach it.
    case deferred(until: Date)
    /// Not before `until`; no wait reaches it.
    case refused(until: Date)
}

/// What a policy reserved for one send (nil: nothing reserved, the request goes as it is).
package struct SendTicket: Sendable, Equatable {
    /// The reservation this send holds, when the policy made one.
    package let reservation: UUID?

    /// A ticket for `reservation` (nil: nothing reserved).
    package init(_ reservation: UUID?) { self.reservation = reservation }

    /// Nothing reserved.
    package static let free = SendTicket(nil)
}
