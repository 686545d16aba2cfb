import AlmanacCore
import Foundation

/// Moves bytes: sends one prepared request and returns the raw response.
///
/// Implementations throw `TransportError`; they never retry, decode or cache.
package protocol HTTPTransport: Sendable {
    /// Sends one prepared request and returns its whole answer, whatever the status; throws
    /// `TransportError` only when no answer came.
    func send(_ request: PreparedRequest) async throws -> HTTPResponse

    /// Sends a request and hands body bytes to `onChunk` as they arrive (not kept); returning
    /// false stops the transfer. The returned response has an empty body.
    func stream(_ request: PreparedRequest, onChunk: @escaping @Sendable (Data) -> Bool) async throws -> HTTPResponse
}

extension HTTPTransport {
    /// A transport that cannot stream delivers the whole body as one chunk.
    package func stream(_ request: PreparedRequest, onChunk: @escaping @Sendable (Data) -> Bool) async throws -> HTTPResponse {
        var response = try await send(request)
        _ = onChunk(response.body)
        response.body = Data()
        return response
    }
}
