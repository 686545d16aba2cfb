import Foundation

/// What a URL in wttr.in's language asks of `almanac serve` (docs/serve.md): the command a person
/// would type for it, or the help. A pure function of the path and the query.
package enum WttrRoute: Equatable, Sendable {
    /// `/:help`.
    case help
    /// The program's own arguments: `weather now [--format=F] [-- PLACE]`.
    case run([String])
    /// `?format=p1`: `weather now --json [-- PLACE]`, answered as Prometheus's text exposition.
    case prometheus([String])

    /// wttr.in's options that Almanac does not serve (yet), named in the refusal.
    static let unserved: [String: String] = [
        "m": "?m (metric units)", "u": "?u (USCS units)", "M": "?M (wind in m/s)", "lang": "?lang", "A": "?A", "T": "?T", "n": "?n",
        "q": "?q", "Q": "?Q", "F": "?F", "0": "?0", "1": "?1", "2": "?2", "3": "?3",
    ]

    /// The route for a request's path (without the query) and its query (without the `?`), or why
    /// it is refused (a 400).
    package static func parse(path: String, query: String) throws(WttrRefusal) -> WttrRoute {
        let name = path.hasPrefix("/") ? String(path.dropFirst()) : path
        if name == ":help" { return .help }
        var arguments = ["weather", "now"]
        var prometheus = false
        for (key, value) in items(query) {
            switch key {
            case "format":
                guard let value, !value.isEmpty else { throw .emptyFormat }
                if value == "j1" || value == "j2" { throw .unserved("?format=\(value)") }
                prometheus = value == "p1"
                arguments.append(prometheus ? "--json" : "--format=" + value)
            default:
                throw .unserved(unserved[key] ?? "?\(key)")
            }
        }
        // `~` asks wttr.in to search for a landmark; the geocoder searches every name anyway.
        let place = decoded(name.hasPrefix("~") ? String(name.dropFirst()) : name)
        // After `--`, a place is a place even when it reads as an option or a command's name.
        let command = place.isEmpty ? arguments : arguments + ["--", place]
        return prometheus ? .prometheus(command) : .run(command)
    }

    /// The query's items, in order: `key=value` or a bare `key`, each decoded.
    static func items(_ query: String) -> [(String, String?)] {
        var items: [(String, String?)] = []
        for part in query.split(separator: "&", omittingEmptySubsequences: true) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            items.append((decoded(String(pair[0])), pair.count > 1 ? decoded(String(pair[1])) : nil))
        }
        return items
    }

    /// `text` with `+` as a space and its escapes decoded where they are escapes: a `%` and two hex
    /// digits that spell an ASCII character, a digit first (`%20`, `%25`, `%2B`, `%3A`), or a
    /// whole UTF-8 character (`%C3%A3`). Any other `%` stays as written, as wttr.in's templates
    /// write codes (`%l:+%c+%t`).
    static func decoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
                index += 1
            } else if bytes[index] == UInt8(ascii: "%"), let (decoded, length) = escape(bytes, at: index) {
                out += decoded
                index += length
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of the escape at `index` and its length in the text, or nil when it is none.
    private static func escape(_ bytes: [UInt8], at index: Int) -> ([UInt8], Int)? {
        func byte(at position: Int) -> UInt8? {
            guard position + 2 < bytes.count, bytes[position] == UInt8(ascii: "%"), let high = hex(bytes[position + 1]),
                let low = hex(bytes[position + 2])
            else { return nil }
            return high << 4 | low
        }
        guard let first = byte(at: index) else { return nil }
        if first < 0x80 { return (0x30...0x37).contains(bytes[index + 1]) ? ([first], 3) : nil }
        let following = first >= 0xF0 ? 3 : first >= 0xE0 ? 2 : first >= 0xC2 ? 1 : 0
        guard following > 0, first <= 0xF4 else { return nil }
        var decoded = [first]
        for step in 1...following {
            guard let next = byte(at: index + 3 * step), (0x80...0xBF).contains(next) else { return nil }
            decoded.append(next)
        }
        return (decoded, 3 * (following + 1))
    }

    private static func hex(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Why a URL is refused before anything runs: one sentence, status 400.
package enum WttrRefusal: Error, Equatable, CustomStringConvertible {
    case unserved(String)
    case emptyFormat

    package var description: String {
        switch self {
        case .unserved(let what): "\(what) is not served here; see /:help for what is."
        case .emptyFormat: "?format= needs a value: 1 to 4, or a template such as %l:+%c+%t."
        }
    }
}
