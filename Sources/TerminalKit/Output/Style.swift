import AlmanacCore
import Foundation

/// ANSI styling that turns itself off: no colour unless stdout is a terminal, `NO_COLOR`
/// is empty, `TERM` is not `dumb` and `--no-color` was not given.
package struct Style: Sendable {
    package let enabled: Bool
    /// Whether Unicode box and braille characters may be used (false under `TERM=dumb`).
    package let unicode: Bool
    /// The width tables must fit in, in terminal cells: the terminal's when output is one; nil
    /// for no limit (piped output keeps whole cells).
    package var columns: Int?

    package init(enabled: Bool, unicode: Bool = true) {
        self.enabled = enabled
        self.unicode = unicode
    }

    package static let plain = Style(enabled: false)

    /// A footer's parts joined by " · ", dimmed, wrapped to `columns` between parts (a part too
    /// long for a line at its spaces), so the credit a provider's terms ask for is never the
    /// part cut. One line when `columns` is nil.
    /// The leading `parts` that fit whole in `width` cells, joined by ` · `; a part that does not
    /// fit is left out with all after it (the first is kept, for the caller's own cut).
    package static func leading(_ parts: [String], width: Int) -> String {
        var line = parts.first ?? ""
        for part in parts.dropFirst() {
            guard Style.width(line + " · " + part) <= width else { break }
            line += " · " + part
        }
        return line
    }

    package func footer(_ parts: [String]) -> String { joined(parts).split(separator: "\n").map { dim(String($0)) }.joined(separator: "\n") }

    /// Parts joined with ` · `, broken into lines of at most `columns` cells between parts, a
    /// part longer than a line wrapped between its words (the width rule: nothing is cut).
    package func joined(_ parts: [String]) -> String {
        guard let columns, columns > 0 else { return parts.joined(separator: " · ") }
        var lines: [String] = []
        var line = ""
        for (index, part) in parts.enumerated() {
            let joined = line.isEmpty ? part : line + " · " + part
            // A line that goes on ends in ` ·`: those two cells count too.
            if Style.width(joined) + (index < parts.count - 1 ? 2 : 0) <= columns {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line + " ·") }
            let pieces = Style.wrap(part, width: columns)
            lines += pieces.dropLast()
            line = pieces.last ?? ""
        }
        return (lines + [line]).joined(separator: "\n")
    }

    /// Label and value rows (`Temperature  5°C`): labels padded to the longest, each value
    /// wrapped between words under itself when the row is wider than `columns`.
    package func labelled(_ rows: [(label: String, value: String)]) -> String {
        let labels = rows.map { Style.width($0.label) }.max() ?? 0
        let room = columns.map { max(12, $0 - labels - 2) }
        return rows.map { row in
            let pad = String(repeating: " ", count: labels - Style.width(row.label))
            let pieces = room.map { Style.width(row.value) > $0 ? Style.wrap(row.value, width: $0) : [row.value] } ?? [row.value]
            let indent = String(repeating: " ", count: labels + 2)
            return ([row.label + pad + "  " + (pieces.first ?? "")] + pieces.dropFirst().map { indent + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Key help rows (`  s          next sort column`) within `width` cells: a description too
    /// long for the row wraps between words under itself, the keys column kept.
    package static func keyRows(_ rows: [String], width: Int) -> [String] {
        rows.flatMap { row -> [String] in
            guard Style.width(row) > width, let gap = row.range(of: #"^\s*\S.*?\s{2,}"#, options: .regularExpression) else { return [row] }
            let indent = row.distance(from: row.startIndex, to: gap.upperBound)
            let pieces = wrap(String(row[gap.upperBound...]), width: width - indent)
            return [String(row[..<gap.upperBound]) + pieces[0]] + pieces.dropFirst().map { String(repeating: " ", count: indent) + $0 }
        }
    }

    /// A sentence (plain or styled as a whole) wrapped between words at `columns`; as it is
    /// with no width set.
    package func sentence(_ text: String) -> String {
        guard let columns, columns > 0, Style.width(text) > columns else { return text }
        return Style.wrap(text, width: columns).joined(separator: "\n")
    }

    /// Decides from what the wiring read: `TERM`, whether `NO_COLOR` is set, `--no-color`, and
    /// whether stdout is a terminal. Colour needs all four to allow it; `TERM=dumb` also means ASCII.
    package static func detect(term: String?, noColorVariable: Bool, noColorFlag: Bool, isTerminal: Bool) -> Style {
        let dumb = term == "dumb"
        let enabled = isTerminal && !noColorFlag && !noColorVariable && !dumb
        return Style(enabled: enabled, unicode: !dumb)
    }

    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func dim(_ text: String) -> String { wrap(text, "2") }
    package func red(_ text: String) -> String { wrap(text, "31") }
    package func green(_ text: String) -> String { wrap(text, "32") }
    package func yellow(_ text: String) -> String { wrap(text, "33") }
    package func cyan(_ text: String) -> String { wrap(text, "36") }
    package func boldRed(_ text: String) -> String { wrap(text, "1;31") }
    /// One of the 256 xterm colours.
    package func color256(_ text: String, _ index: Int) -> String { wrap(text, "38;5;\(index)") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The text without ANSI escape sequences.
    package static func strip(_ text: String) -> String {
        guard text.utf8.contains(0x1B) else { return text }
        var result = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar.isASCII ? isASCIILetter(UInt8(scalar.value)) : scalar.properties.isAlphabetic { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Plain text broken into lines of at most `width` cells (10 at least), at spaces where it
    /// can; a word wider than a line (a path, an address) is broken after its slashes, else
    /// between characters — never cut.
    package static func wrap(_ text: String, width: Int) -> [String] {
        let limit = max(10, width)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
            if !line.isEmpty, Style.width(line) + 1 + Style.width(word) > limit {
                lines.append(line)
                line = ""
            }
            if line.isEmpty, Style.width(word) > limit, !word.utf8.contains(0x1B) {
                var pieces = broken(word, limit)
                line = pieces.removeLast()
                lines += pieces
                continue
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + (line.isEmpty ? [] : [line])
    }

    /// A word wider than `limit` as lines: after its slashes where they fall, else every `limit` cells.
    private static func broken(_ word: String, _ limit: Int) -> [String] {
        var pieces = [""]
        var segment = ""
        func place(_ text: String) {
            if Style.width(pieces[pieces.count - 1] + text) <= limit {
                pieces[pieces.count - 1] += text
                return
            }
            if !pieces[pieces.count - 1].isEmpty { pieces.append("") }
            for character in text {
                if Style.width(pieces[pieces.count - 1]) + Style.width(String(character)) > limit { pieces.append("") }
                pieces[pieces.count - 1].append(character)
            }
        }
        for character in word {
            segment.append(character)
            if character == "/" {
                place(segment)
                segment = ""
            }
        }
        if !segment.isEmpty { place(segment) }
        return pieces
    }

    /// Columns a string takes on a terminal (ANSI stripped; wide emoji and CJK count 2).
    package static func width(_ text: String) -> Int {
        if let width = asciiWidth(text) { return width }
        return strip(text).reduce(0) { total, character in
            guard let scalar = character.unicodeScalars.first else { return total }
            let value = scalar.value
            // An emoji presentation selector makes any symbol two cells wide.
            let emoji = character.unicodeScalars.contains { $0.value == 0xFE0F }
            let wide =
                emoji || (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
                || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0x1F300...0x1FAFF).contains(value) || (0x20000...0x3FFFD).contains(value) || wideSymbols.contains(value)
            return total + (wide ? 2 : 1)
        }
    }

    /// The width of an all-ASCII text, byte by byte (the common case: no grapheme breaking
    /// needed); nil when any byte is not ASCII. Escape sequences take no columns, CR LF is one
    /// character as in Swift.
    private static func asciiWidth(_ text: String) -> Int? {
        var width = 0
        var inEscape = false
        var previous: UInt8 = 0
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            if inEscape {
                if isASCIILetter(byte) { inEscape = false }
            } else if byte == 0x1B {
                inEscape = true
            } else if !(byte == 0x0A && previous == 0x0D) {
                width += 1
            }
            previous = byte
        }
        return width
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// Symbols below U+1F300 that terminals draw two cells wide (East Asian Width "W"): the
    /// weather, sport and sign emoji such as ⛅ ⚡ ☔ ⭐.
    static let wideSymbols: Set<UInt32> = {
        let ranges: [ClosedRange<UInt32>] = [
            0x231A...0x231B, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653,
            0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE,
            0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705,
            0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
            0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        ]
        return Set(ranges.flatMap { Array($0) })
    }()
}
