/// Text made safe to draw on a terminal: data, never control (docs/architecture.md §2, item 7).
///
/// Every string that leaves for a terminal passes `neutralise` at the writer (`Console`, the
/// full-screen `ScreenWriter`, the deals browser, prompts): C0 and C1 control characters, DEL and
/// the bidirectional overrides and isolates become a visible placeholder, so a place name, a fruit,
/// a deal's instrument or an error sentence from a provider cannot retitle the window, clear the
/// screen, write to the clipboard or hide text. Newline and tab stay. The program's own styling
/// stays: an SGR sequence (`ESC [ … m`) whose parameters are among those `Style` writes (reset,
/// bold, dim, reverse, the six colours it uses, a 256-colour foreground); any other escape
/// sequence is shown as text, its ESC as `␛`.
package enum TerminalText {
    /// Whether text read from outside is kept exactly as sent: a `--json` run, whose document is
    /// data and escapes every control character (`escapeJSON`). False — inert — everywhere else.
    @TaskLocal package static var keepsOutsideText = false

    /// Text read from outside (a provider's answer, a stored document): exactly as sent in a
    /// `--json` run (`keepsOutsideText`), else `inert` (docs/architecture.md §2, item 7).
    package static func outside(_ text: String) -> String { keepsOutsideText ? text : inert(text) }

    /// Text from outside (a provider's answer, a document, a deal line) as inert data: every
    /// scalar a terminal would act on becomes its placeholder, an SGR sequence too, so no outside
    /// text can style the terminal; the program's own styling is added after, by `Style`.
    /// Newline and tab stay. The same string when there is nothing to replace.
    package static func inert(_ text: String) -> String {
        guard needsWork(text) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { placeholder(for: $0) ?? $0 }))
    }

    /// `text` as the type documents; the same string when nothing needed replacing.
    package static func neutralise(_ text: String) -> String {
        guard needsWork(text) else { return text }
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = ownStyleEnd(scalars, from: index) {
                result.append(contentsOf: scalars[index..<end])
                index = end
                continue
            }
            if let placeholder = placeholder(for: scalar) {
                result.append(placeholder)
            } else {
                result.append(scalar)
            }
            index += 1
        }
        return String(result)
    }

    /// JSON text with every raw character a terminal could act on (DEL, C1, bidirectional
    /// controls) written as a `\uXXXX` escape: the same JSON value, nothing for `neutralise` to do.
    /// C0 controls are already escaped by any JSON writer.
    package static func escapeJSON(_ json: String) -> String {
        guard needsWork(json) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            if placeholder(for: scalar) != nil, scalar.value >= 0x20 {
                result += "\\u" + hex4(scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` is one a terminal acts on rather than draws (newline and tab excepted).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        placeholder(for: scalar) != nil
    }

    // MARK: - Scanning

    /// A quick pass over the bytes: true when any byte could start something to replace.
    private static func needsWork(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 && byte != 0x0A && byte != 0x09 { return true }
            if byte == 0x7F { return true }
            // U+0080–U+009F are C2 80–C2 9F; U+200E–U+202E and U+2066–U+2069 start E2 80 / E2 81.
            if previous == 0xC2 && byte >= 0x80 && byte <= 0x9F { return true }
            if beforePrevious == 0xE2 && (previous == 0x80 || previous == 0x81) && isBidi(previous, byte) { return true }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    private static func isBidi(_ second: UInt8, _ third: UInt8) -> Bool {
        second == 0x80 ? (0xAA...0xAE).contains(third) || third == 0x8E || third == 0x8F : (0xA6...0xA9).contains(third)
    }

    /// The visible stand-in for a scalar the terminal would act on; nil for one it draws.
    /// C0 controls become their Control Pictures (`␛`, `␇`, `␍`…), DEL `␡`, the rest `�`.
    private static func placeholder(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x0A, 0x09: nil
        case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value)
        case 0x7F: "\u{2421}"
        case 0x80...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: "\u{FFFD}"
        default: nil
        }
    }

    /// The end of an SGR sequence at `start` whose parameters are the program's own; nil otherwise.
    private static func ownStyleEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 1
        guard index < scalars.count, scalars[index] == "[" else { return nil }
        index += 1
        var parameters = ""
        while index < scalars.count, scalars[index] == ";" || ("0"..."9").contains(scalars[index]), parameters.count < 16 {
            parameters.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count, scalars[index] == "m", ownParameters(parameters) else { return nil }
        return index + 1
    }

    /// Reset, bold, dim, reverse (and their ends), red, green, yellow, cyan, default colour, and
    /// `38;5;N`: what `Style` and the app write. Never conceal, blink or a background colour.
    private static func ownParameters(_ text: String) -> Bool {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        var index = 0
        while index < parts.count {
            let part = parts[index]
            if part == "38" {
                guard index + 2 < parts.count, parts[index + 1] == "5", let colour = Int(parts[index + 2]), colour < 256 else { return false }
                index += 3
                continue
            }
            guard ownCodes.contains(String(part)) else { return false }
            index += 1
        }
        return true
    }

    private static let ownCodes: Set<String> = ["", "0", "1", "2", "7", "22", "27", "31", "32", "33", "36", "39"]

    private static func hex4(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
