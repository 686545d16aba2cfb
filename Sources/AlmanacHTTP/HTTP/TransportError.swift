import AlmanacCore
import Foundation

/// A failure to complete an HTTP exchange. Messages name the host, never a key or a body.
package enum TransportError: Error, CustomStringConvertible, Equatable {
    case connectionFailed(host: String, reason: String)
    /// The host name did not resolve: no network, or a wrong base URL. Not retried.
    case hostNotFound(host: String)
    case connectionLost(host: String)
    case truncated(host: String)
    case connectTimeout(host: String, seconds: TimeInterval)
    case timeout(host: String, seconds: TimeInterval)
    case tooLarge(host: String, limit: Int)
    case tooManyRedirects(host: String, limit: Int)
    case unsupportedProtocol(host: String)
    /// A redirect to plain http that the request's own protection does not allow.
    case insecureRedirect(host: String, target: String)
    case tls(host: String, reason: String)
    case curl(code: Int, reason: String)

    package var description: String {
        switch self {
        case .connectionFailed(let host, let reason):
            "Could not connect to \(host) (\(reason)); check the network or the base URL."
        case .hostNotFound(let host):
            "Could not find \(host); check the network or the base URL."
        case .connectionLost(let host):
            "The connection to \(host) was lost mid-transfer; try again."
        case .truncated(let host):
            "The response from \(host) ended early (truncated body); try again."
        case .connectTimeout(let host, let seconds):
            "Connecting to \(host) took longer than \(Self.format(seconds)) s; check the network or allow a longer time-out."
        case .timeout(let host, let seconds):
            "\(host) did not answer within \(Self.format(seconds)) s; try again or allow a longer time-out."
        case .tooLarge(let host, let limit):
            "The response from \(host) is larger than \(limit / 1024 / 1024) MB and was aborted."
        case .tooManyRedirects(let host, let limit):
            "\(host) redirected more than \(limit) times; check the base URL."
        case .unsupportedProtocol(let host):
            "\(host) redirected to a protocol other than http or https; refused."
        case .insecureRedirect(let host, let target):
            "\(host) redirected to plain http at \(target); refused: a redirect keeps https, and plain http stays on this machine."
        case .tls(let host, let reason):
            "The TLS connection to \(host) failed (\(reason)); certificate checks stay on."
        case .curl(let code, let reason):
            "The transfer failed (curl error \(code): \(reason))."
        }
    }

    /// Whether the server could not be reached at all (as opposed to failing mid-answer).
    package var isUnreachable: Bool {
        switch self {
        case .connectionFailed, .hostNotFound, .connectTimeout: true
        default: false
        }
    }

    /// Whether an idempotent request may be retried after this failure.
    package var isRetryable: Bool {
        switch self {
        case .connectionFailed, .connectionLost, .truncated, .connectTimeout: true
        default: false
        }
    }

    package static func format(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : DecimalText.fixed(seconds, 1)
    }
}
