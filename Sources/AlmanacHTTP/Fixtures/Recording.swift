import AlmanacCore
import Foundation

/// One recorded exchange, as stored in `Fixtures/<provider>/<name>.json`.
///
/// `request.query` lists only the parameters that matter; a live request matches when it
/// carries each of them with the same value (others, and keys, are ignored).
package struct Recording: Sendable {
    package var file: String
    package var method: HTTPMethod
    package var path: String
    package var query: [String: String]
    package var status: Int
    package var headers: [String: String]
    package var body: Data

    /// Reads a recording; nil when the file is not one. The body is taken as stored
    /// (`BodyEnvelope.read`), not parsed.
    package static func load(_ url: URL) -> Recording? {
        guard let data = FileBytes.read(atPath: url.path) else { return nil }
        return data.withUnsafeBytes { raw in
            var parser = JSONParser(bytes: raw.bindMemory(to: UInt8.self))
            return read(&parser, file: url.lastPathComponent)
        }
    }

    /// `{"request":{…},"response":{…}}`: the request built, the response read as an envelope.
    private static func read(_ parser: inout JSONParser, file: String) -> Recording? {
        var request: JSONValue?
        var response: (fields: JSONValue, body: Data)?
        let complete = parser.forEachMember { name, parser in
            switch String(decoding: name, as: UTF8.self) {
            case "request": request = parser.value()
            case "response": response = BodyEnvelope.read(&parser)
            default: return parser.skipValue()
            }
            return true
        }
        guard complete, let request, let path = request["path"]?.stringValue, let (fields, body) = response else { return nil }
        var query: [String: String] = [:]
        if case .object(let members) = request["query"] {
            for (name, value) in members { query[name] = value.stringValue ?? String(decoding: value.encoded(), as: UTF8.self) }
        }
        var headers: [String: String] = [:]
        if case .object(let members) = fields["headers"] {
            for (name, value) in members { headers[name] = value.stringValue }
        }
        return Recording(
            file: file, method: HTTPMethod(rawValue: (request["method"]?.stringValue ?? "GET").uppercased()) ?? .get, path: path,
            query: query, status: fields["status"]?.intValue ?? 200, headers: headers.isEmpty ? ["content-type": "application/json"] : headers,
            body: body)
    }

    /// How well a recorded request matches, or nil when any of its parameters differs: its
    /// count of parameters, weighted so that more matching parameters always win, less the
    /// distance in metres when it names a place by `lat` and `lon` — a place within
    /// `nearbyMetres` of the recorded one matches it (docs/architecture.md §3, "Sample data").
    /// `given` is the request's query by name (`Recording.parameters(of:)`, built once per request).
    static func score(method: HTTPMethod, path: String, query: [String: String], _ descriptor: RequestDescriptor, given: [String: String])
        -> Int?
    {
        guard descriptor.method == method, descriptor.path == path else { return nil }
        var metres = 0.0
        var placeNames: Set<String> = []
        if let (names, place) = Self.place(query), let (_, asked) = Self.place(given) {
            metres = GreatCircle.metres(place, asked)
            guard metres <= nearbyMetres else { return nil }
            placeNames = names
        }
        var matched = placeNames.count
        for (name, value) in query where !placeNames.contains(name) && !loosened.contains(name) {
            guard let actual = given[name], Self.same(actual, value) else { return nil }
            matched += 1
        }
        return matched * 100_000 - Int(metres)
    }

    /// Parameters that say how an answer is worded or cut — its language, units, days, a count
    /// — not what it answers: recorded as asked, never required to match, never counted, so a
    /// set recorded by `fixtures record` ties with the shipped one and, listed first, wins.
    package static let loosened: Set<String> = [
        "start_date", "end_date", "outputsize", "order", "units", "lang", "exclude", "format", "results", "cnt", "limit",
    ]

    /// How far from a recorded place a request may be and still get its answer: 10 km.
    package static let nearbyMetres = 10_000.0

    /// A place named by `lat` and `lon` (or `latitude` and `longitude`, or the NWS's `point` as
    /// `lat,lon`), with those names.
    static func place(_ query: [String: String]) -> (names: Set<String>, place: (latitude: Double, longitude: Double))? {
        for (lat, lon) in [("lat", "lon"), ("latitude", "longitude")] {
            if let latitude = query[lat].flatMap(Double.init), let longitude = query[lon].flatMap(Double.init) {
                return ([lat, lon], (latitude, longitude))
            }
        }
        let parts = (query["point"] ?? "").split(separator: ",")
        guard parts.count == 2, let latitude = Double(String(parts[0])), let longitude = Double(String(parts[1])) else { return nil }
        return (["point"], (latitude, longitude))
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
