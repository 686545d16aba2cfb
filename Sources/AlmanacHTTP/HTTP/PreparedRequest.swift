import AlmanacCore
import Foundation

/// A wire-ready request: everything the transport needs and nothing it must compute.
public struct PreparedRequest: Sendable, Equatable {
    public var method: HTTPMethod
    /// The full URL, possibly carrying a key; never log or print it — use `redactedURL`.
    public var url: String
    /// The URL with secret parameters replaced by `***`.
    public var redactedURL: String
    /// Headers in send order; may carry a key.
    public var headers: [HTTPHeader]
    public var options: TransportOptions
    /// Secret values to scrub from any message produced while sending.
    public var secrets: [String]

    public init(
        method: HTTPMethod, url: String, redactedURL: String,
        headers: [HTTPHeader] = [], options: TransportOptions = .init(), secrets: [String] = []
    ) {
        self.method = method
        self.url = url
        self.redactedURL = redactedURL
        self.headers = headers
        self.options = options
        self.secrets = secrets
    }

    /// `host/path?query` without scheme, for logs and messages; secrets redacted.
    public var displayTarget: String {
        var text = redactedURL
        for scheme in ["https://", "http://"] where text.hasPrefix(scheme) {
            text.removeFirst(scheme.count)
        }
        return text
    }

    /// The host, for messages.
    public var host: String {
        ParsedURL(url)?.host ?? "the server"
    }
}

/// One request header, in send order; may carry a key.
public struct HTTPHeader: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
