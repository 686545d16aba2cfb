import AlmanacCore
import Foundation

/// A typed request: the descriptor plus how to turn the body into `Response`.
///
/// Call sites read like `client.fetch(TwelveData.timeSeries(...))`.
public struct Endpoint<Response: Sendable>: Sendable {
    public var descriptor: RequestDescriptor
    /// Turns a 2xx body into the response, throwing `DecodingFailure` or `ProviderError`.
    public var decode: @Sendable (Data) throws -> Response

    public init(_ descriptor: RequestDescriptor, decode: @escaping @Sendable (Data) throws -> Response) {
        self.descriptor = descriptor
        self.decode = decode
    }
}

extension Endpoint where Response: Decodable {
    /// An endpoint decoded with a plain `JSONDecoder`; decoding errors name the endpoint and coding path.
    public init(_ descriptor: RequestDescriptor) {
        let name = descriptor.name
        self.init(descriptor) { data in try JSONDecoding.decode(Response.self, from: data, endpoint: name) }
    }
}
