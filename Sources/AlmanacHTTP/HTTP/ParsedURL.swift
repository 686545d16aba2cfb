import AlmanacCore
internal import CCurl
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A URL as libcurl itself reads it (`curl_url`), so the host checked is the host curl connects
/// to — never a second parser's guess (`http://127.0.0.1@evil.example/` goes to evil.example).
package struct ParsedURL: Sendable, Equatable {
    /// `http` or `https` (lowercase), as curl read it.
    package let scheme: String
    /// The host without brackets, port or user info; IPv4 numbers in dotted form (`127.1` → `127.0.0.1`).
    package let host: String
    /// The port, or the scheme's default (80, 443) when the URL names none.
    package let port: Int

    /// Nil when curl cannot parse the text as a URL with a scheme and a host.
    package init?(_ text: String) {
        guard let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        guard text.withCString({ curl_url_set(handle, CURLUPART_URL, $0, 0) }) == CURLUE_OK,
            let scheme = Self.part(handle, CURLUPART_SCHEME), let host = Self.part(handle, CURLUPART_HOST)
        else { return nil }
        self.scheme = scheme.lowercased()
        var bare = host.lowercased()
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
        self.host = bare
        self.port = Self.part(handle, CURLUPART_PORT, flags: UInt32(CURLU_DEFAULT_PORT)).flatMap { Int($0) } ?? 0
    }

    private static func part(_ handle: OpaquePointer, _ which: CURLUPart, flags: UInt32 = 0) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, which, &value, flags) == CURLUE_OK, let value else { return nil }
        defer { curl_free(value) }
        return String(cString: value)
    }

    /// Whether the host is this machine: `localhost`, an address in 127.0.0.0/8 (as a number, not
    /// a name that starts with `127.`), `::1`, or an IPv4-mapped IPv6 address in 127.0.0.0/8.
    package var isLoopback: Bool {
        if host == "localhost" || host == "localhost." { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
        let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        return mapped && bytes[12] == 127
    }
}
