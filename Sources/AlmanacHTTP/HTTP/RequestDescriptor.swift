import AlmanacCore
import Foundation

/// What to ask a provider, before any base URL, key or I/O is involved.
///
/// The descriptor is the request's identity: the cache keys on it and the
/// fixtures match on it. It never holds a secret.
package struct RequestDescriptor: Sendable, Equatable, Hashable {
    package var provider: Provider
    /// A short dotted name for logs and recordings, e.g. `openweather.onecall`.
    package var name: String
    /// What the request asks for, in a user's words ("fruit catalogue", "weather at 55.76,37.62");
    /// nil for "the provider's answer". Not part of the identity.
    package var subject: String?
    package var method: HTTPMethod
    /// Path below the provider's base URL, starting with `/`.
    package var path: String
    package var query: [QueryItem]
    package var headers: [String: String]
    /// How long a cached answer stays fresh, in seconds.
    package var ttl: TimeInterval
    /// Reference data read beside an answer (a catalogue of names), not an answer itself: a
    /// missing key for it is not noted (the request that answers notes its own). Not part of the identity.
    package var reference = false

    package init(
        provider: Provider, name: String, subject: String? = nil, method: HTTPMethod = .get, path: String,
        query: [QueryItem] = [], headers: [String: String] = [:], ttl: TimeInterval
    ) {
        self.provider = provider
        self.name = name
        self.subject = subject
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.ttl = ttl
    }

    /// What a message calls this request: its subject, else "<provider> answer".
    package var what: String { subject ?? "\(provider.displayName) answer" }

    /// `provider GET /path?a=1&b=2` with parameters sorted; stable across runs and free of secrets.
    package var identity: String {
        let items =
            query
            .filter { !Provider.secretQueryNames.contains($0.name.lowercased()) }
            .sorted { ($0.name, $0.value) < ($1.name, $1.value) }
            .map { "\($0.name)=\($0.value)" }
            .joined(separator: "&")
        return "\(provider.rawValue) \(method.rawValue) \(path)" + (items.isEmpty ? "" : "?\(items)")
    }
}
