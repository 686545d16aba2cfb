import AlmanacCore
import Foundation

/// A wire-ready request: everything the transport needs and nothing it must compute.
package struct PreparedRequest: Sendable, Equatable {
    package var method: HTTPMethod
    /// The full URL, possibly carrying a key; never log or print it — use `redactedURL`.
    package var url: String
    /// The URL with secret parameters replaced by `***`.
    package var redactedURL: String
    /// Headers in send order; may carry a key.
    package var headers: [HTTPHeader]
    package var options: TransportOptions
    /// Secret values to scrub from any message produced while sending.
    package var secrets: [String]

    package init(
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
    package var displayTarget: String {
        var text = redactedURL
        for scheme in ["https://", "http://"] where text.hasPrefix(scheme) {
            text.removeFirst(scheme.count)
        }
        return text
    }

    /// The host, for messages.
    package var host: String {
        ParsedURL(url)?.host ?? "the server"
    }
}

/// One request header, in send order; may carry a key.
package struct HTTPHeader: Sendable, Equatable {
    package var name, value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
