import AlmanacCore
import Foundation

/// A provider answered, but not with the data asked for. Messages carry no key and no body;
/// `message` is the provider's own short explanation (markdown stripped, secrets scrubbed).
package enum APIError: Error, Equatable, CustomStringConvertible, Sendable {
    case unauthorized(provider: Provider, status: Int, message: String?)
    case notFound(provider: Provider, request: String, message: String?)
    case badRequest(provider: Provider, message: String?)
    case rateLimited(provider: Provider, retryAfter: TimeInterval?)
    case server(provider: Provider, status: Int)
    case status(provider: Provider, status: Int, message: String?)
    /// HTTP 2xx whose body is the provider's error object (Twelve Data does this).
    case provider(provider: Provider, code: Int?, message: String)
    /// `--offline` or no key, and neither the cache nor the fixtures hold this request.
    case noRecording(request: String, nearest: String?, folder: String?)

    package var description: String {
        switch self {
        case .unauthorized(let provider, let status, let message) where provider.keyVariable == nil:
            // A keyless provider refuses a client, not a key: MET Norway answers 403 to a missing
            // or generic User-Agent.
            return "\(provider.displayName) refused the request (HTTP \(status)\(Self.suffix(message))); "
                + "if it keeps refusing, set ALMANAC_USER_AGENT to name you and a contact (an e-mail or a web page)."
        case .unauthorized(let provider, let status, let message):
            let variable = provider.keyVariable.map { " Check \($0)." } ?? ""
            return "\(provider.displayName) refused the key (HTTP \(status)\(Self.suffix(message))).\(variable)"
        case .notFound(let provider, let request, let message):
            return "\(provider.displayName) has no \(request)\(Self.suffix(message))."
        case .badRequest(let provider, let message):
            return "\(provider.displayName) rejected the request\(Self.suffix(message))."
        case .rateLimited(let provider, let retryAfter):
            if let retryAfter {
                let seconds = Int(rounding: retryAfter, .up)
                let at = seconds > 60 ? " (at \(Self.clock(Date().addingTimeInterval(retryAfter))) UTC)" : ""
                return "\(provider.displayName) is rate limiting requests; try again in \(seconds) s\(at)."
            }
            return "\(provider.displayName) is rate limiting requests; try again in a minute."
        case .server(let provider, let status):
            return "\(provider.displayName) had a server error (HTTP \(status)); try again later."
        case .status(let provider, let status, let message):
            return "\(provider.displayName) answered HTTP \(status)\(Self.suffix(message))."
        case .provider(let provider, _, let message):
            return "\(provider.displayName): \(message)"
        case .noRecording(let request, let nearest, let folder):
            var text = "No cached or recorded response for \(request)"
            if let nearest { text += "; nearest recording: \(nearest)" }
            text += ". Run online with the provider's key set to fetch it"
            if let folder { text += ", or add a recording under \(folder) (see Fixtures/README.md)" }
            return text + "."
        }
    }

    /// `14:05:09`, UTC.
    static func clock(_ date: Date) -> String {
        let seconds = Int(rounding: date.timeIntervalSince1970, .down) % 86400
        return DecimalText.padded(seconds / 3600, 2) + ":" + DecimalText.padded(seconds / 60 % 60, 2) + ":" + DecimalText.padded(seconds % 60, 2)
    }

    private static func suffix(_ message: String?) -> String {
        guard let message, !message.isEmpty else { return "" }
        return ": \(message)"
    }
}
