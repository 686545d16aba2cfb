import Foundation

/// Moves bytes: sends one prepared request and returns the raw response.
///
/// Implementations throw `TransportError`; they never retry, decode or cache.
public protocol HTTPTransport: Sendable {
    func send(_ request: PreparedRequest) async throws -> HTTPResponse
}
