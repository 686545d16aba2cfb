import AlmanacCore
import Foundation

/// A typed request: the descriptor plus how to turn the body into `Response`.
///
/// Call sites read like `client.fetch(TwelveData.timeSeries(...))`.
package struct Endpoint<Response: Sendable>: Sendable {
    package var descriptor: RequestDescriptor
    /// Turns a 2xx body into the response, throwing `DecodingFailure` or `ProviderError`.
    private let decoder: @Sendable (Data) throws -> Response
    /// What the cache keeps of a 2xx body, when not the body itself: a smaller answer of the same
    /// shape that decodes to what every later read needs (`keeping(_:)`); nil keeps the body.
    package private(set) var kept: (@Sendable (Data) -> Data?)? = nil

    package init(_ descriptor: RequestDescriptor, decode: @escaping @Sendable (Data) throws -> Response) {
        self.descriptor = descriptor
        self.decoder = decode
    }

    /// This endpoint with the cache keeping `transform`'s form of each 2xx body: a form of the
    /// same shape, for an answer far larger than what any read of it needs (a country's whole
    /// warning feed). The transform returns nil when it cannot read the body: the body is kept.
    package func keeping(_ transform: @escaping @Sendable (Data) -> Data?) -> Endpoint {
        var endpoint = self
        endpoint.kept = transform
        return endpoint
    }

    /// The body as the cache keeps it (`keeping(_:)`).
    package func keptForm(of body: Data) -> Data { kept.flatMap { $0(body) } ?? body }

    /// The response in a 2xx body. A `DecodingFailure` carries the endpoint's provider, so its
    /// sentence can name the provider without reading it out of the endpoint's id.
    package func decode(_ body: Data) throws -> Response {
        do {
            return try decoder(body)
        } catch var failure as DecodingFailure {
            failure.provider = descriptor.provider
            throw failure
        }
    }
}

extension Endpoint where Response: Decodable {
    /// An endpoint decoded by the JSON tree (`JSONDecoding`); decoding errors name the endpoint and coding path.
    package init(_ descriptor: RequestDescriptor) {
        let name = descriptor.name
        self.init(descriptor) { data in try JSONDecoding.decode(Response.self, from: data, endpoint: name) }
    }
}
