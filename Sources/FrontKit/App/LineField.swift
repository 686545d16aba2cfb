import AlmanacClient
import AlmanacCore
import Foundation
import TerminalKit

/// A one-line text field: typing, Backspace, Enter to submit, Esc to cancel. A check runs as
/// you type and its sentence shows under the field; Enter is refused while it fails. A prefilled
/// text (a date to change, say) is shown dimmed and is replaced by the first character typed,
/// as a selected default is; Backspace first keeps it to edit.
package struct LineField {
    package enum Outcome: Equatable {
        case editing
        case submitted(String)
        case cancelled
    }

    package let label: String
    package var text: String
    /// Most characters accepted.
    package var limit = 60
    /// The sentence under the field (nil: the text is fine as it is).
    package var problem: String?
    /// Checked after every change; returns the sentence for bad text, nil for good.
    package var check: (String) -> String?
    /// Whether `text` is still the prefilled one, untouched: the next character replaces it.
    package private(set) var prefilled: Bool

    /// A field showing `text`; `replaceable` (the default) makes a prefilled text a selected
    /// default, false keeps it to be edited (a filter reopened to refine it).
    package init(_ label: String, text: String = "", replaceable: Bool = true, check: @escaping (String) -> String? = { _ in nil }) {
        self.label = label
        self.text = text
        self.check = check
        self.problem = nil
        self.prefilled = replaceable && !text.isEmpty
    }

    /// Applies a key.
    package mutating func handle(_ key: Key) -> Outcome {
        defer { if key != .enter { prefilled = false } }
        switch key {
        case .escape, .interrupt: return .cancelled
        case .enter:
            problem = check(text)
            return problem == nil ? .submitted(text) : .editing
        case .backspace, .delete:
            if !text.isEmpty { text.removeLast() }
        case .character(let character) where prefilled:
            text = String(character)
        case .character(let character) where text.count < limit:
            text.append(character)
        default: return .editing
        }
        problem = text.isEmpty ? nil : check(text)
        return .editing
    }

    /// The field and, under it, its problem (red, wrapped to `width`) or nothing.
    package func lines(style: Style, focused: Bool = true, width: Int = 80) -> [String] {
        let cursor = focused ? style.enabled ? "\u{1B}[7m \u{1B}[27m" : "_" : ""
        var lines = ["\(style.bold(label)) \(prefilled ? style.dim(text) : text)\(cursor)"]
        if let problem { lines += Style.wrap(problem, width: width - 6).map { "  " + style.red($0) } }
        return lines
    }

    /// The sentence a check throws (worded for the menu and the app), nil when it passes: a
    /// field's check written as the service's own rule, `{ try ExamService.parse($0) }`.
    package static func problem(_ check: () throws -> Void) -> String? {
        do {
            try check()
            return nil
        } catch {
            return ErrorSentence.text(error, for: .menu)
        }
    }
}
