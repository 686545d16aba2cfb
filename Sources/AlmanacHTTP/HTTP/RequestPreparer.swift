import AlmanacCore
import Foundation

/// Problems found while turning a descriptor into a wire request.
package enum RequestError: Error, Equatable, CustomStringConvertible, Sendable {
    /// `subject` names what the URL is for, `variable` where it was set.
    case invalidBaseURL(subject: String, variable: String)
    case insecureURL(host: String, variable: String)

    package var description: String {
        switch self {
        case .invalidBaseURL(let subject, let variable):
            "The URL for \(subject) is not an http(s) URL; fix \(variable)."
        case .insecureURL(let host, let variable):
            "Refusing plain http:// to \(host); use https in \(variable), or set ALMANAC_ALLOW_INSECURE_HTTP=1."
        }
    }
}

/// Turns a `RequestDescriptor` into a `PreparedRequest`: a pure function, no I/O.
package enum RequestPreparer {
    /// Joins `baseURL` and the descriptor's path, encodes the query, attaches the key.
    ///
    /// - Parameters:
    ///   - baseURL: the provider host, optionally with a path prefix (`http://127.0.0.1:8080/twelvedata`).
    ///   - key: the API key, or nil when the provider needs none or it is not set.
    package static func prepare(
        _ descriptor: RequestDescriptor, baseURL: String, key: String?, options: TransportOptions = .init()
    ) throws -> PreparedRequest {
        let provider = descriptor.provider
        try check(baseURL, subject: provider.displayName, variable: provider.urlVariable, options: options)
        var query = descriptor.query
        var headers = descriptor.headers.sorted { $0.key < $1.key }.map { HTTPHeader(name: $0.key, value: $0.value) }
        var secrets: [String] = []
        if let key, !key.isEmpty {
            secrets.append(key)
            switch provider.keyPlacement {
            case .none: break
            case .query(let name): query.append(QueryItem(name, key))
            case .header(let name, let prefix): headers.append(HTTPHeader(name: name, value: prefix + key))
            }
        }
        let base = joined(baseURL, descriptor.path)
        return PreparedRequest(
            method: descriptor.method,
            url: base + queryString(query, redacting: false),
            redactedURL: base + queryString(query, redacting: true),
            headers: headers, options: options, secrets: secrets)
    }

    /// The request for a recorded answer (`FixtureTransport`): `fixture://<provider><path>?<query>`,
    /// never a key.
    package static func prepareRecorded(_ descriptor: RequestDescriptor) -> PreparedRequest {
        let base = joined("\(FixtureTransport.scheme)://\(descriptor.provider.rawValue)", descriptor.path)
        return PreparedRequest(
            method: descriptor.method, url: base + queryString(descriptor.query, redacting: false),
            redactedURL: base + queryString(descriptor.query, redacting: true))
    }

    /// A plain GET of a full URL (a deal stream), with the same scheme and host rules.
    package static func prepare(url: String, setting: String, options: TransportOptions = .init()) throws -> PreparedRequest {
        try check(url, subject: setting, variable: setting, options: options)
        return PreparedRequest(method: .get, url: url, redactedURL: Redactor.scrubQuery(url), options: options)
    }

    /// Only http(s) with a host; plain http only to loopback unless allowed.
    static func check(_ url: String, subject: String, variable: String, options: TransportOptions) throws {
        // Parsed by curl, so the host checked is the host curl would connect to.
        guard let parsed = ParsedURL(url), parsed.scheme == "http" || parsed.scheme == "https", !parsed.host.isEmpty else {
            throw RequestError.invalidBaseURL(subject: subject, variable: variable)
        }
        if parsed.scheme == "http", !parsed.isLoopback, !options.allowInsecureHTTP {
            throw RequestError.insecureURL(host: parsed.host, variable: variable)
        }
    }

    static func joined(_ base: String, _ path: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        if path.isEmpty { return base }
        return base + (path.hasPrefix("/") ? path : "/" + path)
    }

    static func queryString(_ items: [QueryItem], redacting: Bool) -> String {
        guard !items.isEmpty else { return "" }
        let pairs = items.map { item -> String in
            let secret = redacting && Provider.secretQueryNames.contains(item.name.lowercased())
            return URLParts.encode(item.name) + "=" + (secret ? "***" : URLParts.encode(item.value))
        }
        return "?" + pairs.joined(separator: "&")
    }
}
