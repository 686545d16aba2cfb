import AlmanacCore
import TerminalKit

/// A status-bar line's template: literal text and `%` codes, read once and checked against the
/// codes its command knows (docs/architecture.md §4, "Glances"). `%%` is a percent sign.
package struct GlanceTemplate: Equatable, Sendable {
    /// A run of literal text or one code.
    package enum Piece: Equatable, Sendable {
        case text(String)
        case code(Character)
    }

    /// Why a template cannot be used. Exit 64.
    package enum Problem: UserInputError, Equatable {
        case unknownCode(Character, known: String)
        case trailingPercent

        package var description: String {
            switch self {
            case .unknownCode(let code, let known): "unknown format code %\(code); known codes: \(known), and %% for a percent sign."
            case .trailingPercent: "the format ends with a lone %; write %% for a percent sign."
            }
        }
    }

    /// wttr.in's preset lines, by the number `--format` takes.
    package static let presets: [String: String] = ["1": "%c %t", "2": "%c 🌡️%t 🌬️%w", "3": "%l: %c %t", "4": "%l: %c 🌡️%t 🌬️%w"]

    /// The template's pieces, in order.
    package let pieces: [Piece]

    /// Reads `text` (or the preset it names), accepting only `codes`.
    /// - Throws: `Problem` naming the first code not in `codes`.
    package init(_ text: String, codes: [Character]) throws(Problem) {
        let source = Self.presets[text] ?? text
        var pieces: [Piece] = []
        var literal = ""
        var iterator = source.makeIterator()
        while let character = iterator.next() {
            guard character == "%" else {
                literal.append(character)
                continue
            }
            guard let code = iterator.next() else { throw .trailingPercent }
            if code == "%" {
                literal.append("%")
                continue
            }
            guard codes.contains(code) else { throw .unknownCode(code, known: codes.map { "%\($0)" }.joined(separator: " ")) }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.code(code))
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// The codes used, in order of first use.
    package var codes: [Character] {
        var seen: [Character] = []
        for case .code(let code) in pieces where !seen.contains(code) { seen.append(code) }
        return seen
    }

    /// The line with each code replaced by `value(code)`; a code with no value shows `placeholder`.
    package func render(placeholder: String = GlanceTemplate.placeholder, _ value: (Character) -> String?) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .code(let code): value(code) ?? placeholder
            }
        }.joined()
    }

    /// What a code shows when its value cannot be had (docs/status-bars.md).
    package static let placeholder = "?"

    /// Whether `text` is a template or preset rather than one of a command's named formats.
    package static func isTemplate(_ text: String) -> Bool { presets[text] != nil || text.contains("%") }
}
