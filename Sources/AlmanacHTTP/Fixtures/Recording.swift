import AlmanacCore
import Foundation

/// One recorded exchange, as stored in `Fixtures/<provider>/<name>.json`.
///
/// `request.query` lists only the parameters that matter; a live request matches when it
/// carries each of them with the same value (others, and keys, are ignored).
public struct Recording: Sendable {
    public var file: String
    public var method: HTTPMethod
    public var path: String
    public var query: [String: String]
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    /// Reads a recording; nil when the file is not one.
    public static func load(_ url: URL) -> Recording? {
        guard let data = FileBytes.read(atPath: url.path),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let request = root["request"] as? [String: Any], let response = root["response"] as? [String: Any],
            let path = request["path"] as? String
        else { return nil }
        let method = HTTPMethod(rawValue: (request["method"] as? String ?? "GET").uppercased()) ?? .get
        var query: [String: String] = [:]
        for (name, value) in request["query"] as? [String: Any] ?? [:] { query[name] = "\(value)" }
        let body: Data
        if let text = response["bodyText"] as? String {
            body = Data(text.utf8)
        } else if let json = response["body"], let encoded = try? JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed]) {
            body = encoded
        } else {
            body = Data()
        }
        return Recording(
            file: url.lastPathComponent, method: method, path: path, query: query,
            status: response["status"] as? Int ?? 200,
            headers: response["headers"] as? [String: String] ?? ["content-type": "application/json"], body: body)
    }

    /// How many of a recorded request's parameters the request matches, or nil when any differs.
    /// `given` is the request's query by name (`Recording.parameters(of:)`, built once per request).
    static func score(method: HTTPMethod, path: String, query: [String: String], _ descriptor: RequestDescriptor, given: [String: String])
        -> Int?
    {
        guard descriptor.method == method, descriptor.path == path else { return nil }
        for (name, value) in query {
            guard let actual = given[name], Self.same(actual, value) else { return nil }
        }
        return query.count
    }

    /// A request's query parameters by name; a repeated name keeps its last value.
    static func parameters(of descriptor: RequestDescriptor) -> [String: String] {
        Dictionary(descriptor.query.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Values equal as text, case-insensitively, or as numbers.
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        if lhs == rhs { return true }
        if let equal = asciiCaseInsensitiveEqual(lhs, rhs) { return equal || numericallyEqual(lhs, rhs) }
        if lhs.caseInsensitiveCompare(rhs) == .orderedSame { return true }
        return numericallyEqual(lhs, rhs)
    }

    private static func numericallyEqual(_ lhs: String, _ rhs: String) -> Bool {
        guard let left = Double(lhs), let right = Double(rhs) else { return false }
        return abs(left - right) < 1e-6
    }

    /// Whether two ASCII texts are equal ignoring case; nil when either is not ASCII (then
    /// Foundation's comparison decides).
    private static func asciiCaseInsensitiveEqual(_ lhs: String, _ rhs: String) -> Bool? {
        let (left, right) = (lhs.utf8, rhs.utf8)
        guard left.allSatisfy({ $0 < 0x80 }), right.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { lowered($0) == lowered($1) }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
