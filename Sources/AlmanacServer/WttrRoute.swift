import AlmanacCore
import Foundation
import Weather

/// What a URL in wttr.in's language asks of `almanac serve` (docs/serve.md): the command a person
/// would type for it, or the help. A pure function of the path and the query.
package enum WttrRoute: Equatable, Sendable {
    /// `/:help`.
    case help
    /// The program's own arguments, `weather now [--format=F] [-- PLACE]`, run with `variables`
    /// over the server's environment (`?m`, `?u`, `?M`: `ALMANAC_UNITS`, `ALMANAC_WIND`; `?lang`:
    /// `ALMANAC_LANG`).
    case run([String], variables: [String: String] = [:])
    /// `?format=p1`: `weather now --json [-- PLACE]`, answered as Prometheus's text exposition.
    case prometheus([String], variables: [String: String] = [:])
    /// `?format=j1` (`hourly`) and `j2`: wttr.in's JSON for `place` (empty: the default city).
    case wttrJSON(place: String, hourly: Bool)

    /// wttr.in's view options, which Almanac does not serve, named in the refusal.
    static let unserved: [String: String] = [
        "A": "?A", "T": "?T", "n": "?n", "q": "?q", "Q": "?Q", "F": "?F", "0": "?0", "1": "?1", "2": "?2", "3": "?3",
    ]

    /// wttr.in's language codes that the providers spell otherwise (`pt-br` is OpenWeatherMap's
    /// `pt_br`, Czech its `cz`, Korean its `kr`, Norwegian Bokmål its `no`).
    static let languageAliases = ["pt-br": "pt_br", "zh-cn": "zh_cn", "zh-tw": "zh_tw", "cs": "cz", "ko": "kr", "nb": "no", "nn": "no"]

    /// wttr.in's unit options as this run's units: `m` metric with km/h, `u` USCS (°F, mph),
    /// `M` wind in m/s whatever else is asked.
    static func units(_ flags: Set<Character>) -> [String: String] {
        var variables: [String: String] = [:]
        if flags.contains("m") { variables = ["ALMANAC_UNITS": "metric", "ALMANAC_WIND": "kmh"] }
        if flags.contains("u") { variables = ["ALMANAC_UNITS": "imperial", "ALMANAC_WIND": "mph"] }
        if flags.contains("M") { variables["ALMANAC_WIND"] = "ms" }
        return variables
    }

    /// The route for a request's path (without the query) and its query (without the `?`), or why
    /// it is refused (a 400).
    package static func parse(path: String, query: String) throws(WttrRefusal) -> WttrRoute {
        // Leading slashes all go, as wttr.in's own server merges them (`http://host/` + `/Oslo`).
        let name = String(path.drop { $0 == "/" })
        if name == ":help" { return .help }
        var format: String?
        var flags = Set<Character>()
        var language: String?
        for (key, value) in items(query) {
            switch key {
            case "format":
                guard let value, !value.isEmpty else { throw .emptyFormat }
                format = value
            case "lang":
                let code = value.map { languageAliases[$0.lowercased()] ?? $0.lowercased() } ?? ""
                guard WeatherSettings.languages.contains(code) else { throw .language(value ?? "") }
                language = code
            case _ where !key.isEmpty && key.allSatisfy("muM".contains):
                flags.formUnion(key)
            default:
                throw .unserved(unserved[key] ?? "?\(key)")
            }
        }
        // `~` asks wttr.in to search for a landmark; the geocoder searches every name anyway.
        let place = decoded(name.hasPrefix("~") ? String(name.dropFirst()) : name)
        guard !place.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { throw .controlInPlace }
        // After `--`, a place is a place even when it reads as an option or a command's name.
        let named = place.isEmpty ? [] : ["--", place]
        var variables = units(flags)
        variables["ALMANAC_LANG"] = language
        switch format {
        case "j1", "j2": return .wttrJSON(place: place, hourly: format == "j1")
        case "p1": return .prometheus(["weather", "now", "--json"] + named, variables: variables)
        case let format?: return .run(["weather", "now", "--format=" + format] + named, variables: variables)
        case nil: return .run(["weather", "now"] + named, variables: variables)
        }
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
    case language(String)
    case controlInPlace

    package var description: String {
        switch self {
        case .unserved(let what): "\(TerminalText.inert(String(what.prefix(40)))) is not served here; see /:help for what is."
        case .emptyFormat: "?format= needs a value: 1 to 4, j1, j2, p1, or a template such as %l:+%c+%t."
        case .controlInPlace: "A place's name has no control characters."
        case .language(let code):
            "?lang=\(TerminalText.inert(String(code.prefix(20)))) is not a language the providers speak: en, de, fr, … (almanac help weather settings)."
        }
    }
}
