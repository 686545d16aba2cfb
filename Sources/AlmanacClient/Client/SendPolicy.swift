import AlmanacHTTP
import Foundation

/// Asked by `DataClient` before a live request is sent, once the cache has no fresh answer
/// (docs/architecture.md §4): a credit budget or a rate limit decides here whether the request may go now.
///
/// The client decides freshness; the policy decides sending. Nothing else reads the cache to
/// second-guess either.
package protocol SendPolicy: Sendable {
    /// Whether `descriptor` may be sent now.
    ///
    /// - Parameter cachedAt: when the stale cached answer was fetched; nil when nothing is cached.
    /// - Returns: `.send` with a ticket for `sending`, or `.serveCached` (only when `cachedAt` is
    ///   not nil) after the policy has told the user why the cached answer stands.
    /// - Throws: when nothing may be sent and nothing is cached (a spent day, a declined wait).
    func admit(_ descriptor: RequestDescriptor, cachedAt: Date?) async throws -> SendAdmission

    /// Runs the send under the ticket `admit` gave, releasing it afterwards.
    func sending<T: Sendable>(_ ticket: SendTicket, _ operation: () async throws -> T) async throws -> T
}

/// A policy's answer before a send.
package enum SendAdmission: Sendable, Equatable {
    /// Send now; the ticket is settled with the answer.
    case send(SendTicket)
    /// Do not send: serve the cached answer instead.
    case serveCached
}

/// What a policy reserved for one send (nil: nothing reserved, the request goes as it is).
package struct SendTicket: Sendable, Equatable {
    /// The credit reservation this send holds, when the policy made one.
    package let reservation: UUID?

    /// A ticket for `reservation` (nil: nothing reserved).
    package init(_ reservation: UUID?) { self.reservation = reservation }

    /// Nothing reserved.
    package static let free = SendTicket(nil)
}
