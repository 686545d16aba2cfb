import AlmanacClient
import AlmanacCore
import Foundation
import TerminalKit

/// A few `LineField`s edited together: Tab, ↑ and ↓ move between them, Enter moves on and
/// submits from the last one, Esc cancels without saving anything.
package struct Form {
    package enum Outcome: Equatable {
        case editing
        case submitted([String])
        case cancelled
    }

    package let title: String
    package var fields: [LineField]
    package var focus = 0
    /// The sentence under the whole form (what saving said, or the check across fields), nil when none.
    package var problem: String?
    /// A check across all the fields (a start before an end), run as you type; nil: none.
    package var validate: (([String]) -> String?)?

    package init(_ title: String, fields: [LineField], validate: (([String]) -> String?)? = nil) {
        self.title = title
        self.fields = fields
        self.validate = validate
    }

    package mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .tab, .down:
            focus = (focus + 1) % fields.count
            return .editing
        case .backTab, .up:
            focus = (focus + fields.count - 1) % fields.count
            return .editing
        default: break
        }
        let outcome = fields[focus].handle(key)
        if fields.allSatisfy({ $0.problem == nil }) { problem = validate?(fields.map(\.text)) }
        switch outcome {
        case .cancelled: return .cancelled
        case .editing: return .editing
        case .submitted:
            if focus < fields.count - 1 {
                focus += 1
                return .editing
            }
            for index in fields.indices {
                fields[index].problem = fields[index].check(fields[index].text)
                if fields[index].problem != nil {
                    focus = index
                    return .editing
                }
            }
            problem = validate?(fields.map(\.text))
            return problem == nil ? .submitted(fields.map(\.text)) : .editing
        }
    }

    package func lines(style: Style, width: Int = 80) -> [String] {
        var lines = [style.bold(title), ""]
        for (index, field) in fields.enumerated() { lines += field.lines(style: style, focused: index == focus, width: width - 2).map { "  " + $0 } }
        if let problem { lines += [""] + Style.wrap(problem, width: width - 4).map { "  " + style.red($0) } }
        var fitted = style
        fitted.columns = width - 2
        let keys = fitted.footer(["Tab/↑↓ next field", "Enter " + (fields.count > 1 ? "next, then save" : "save"), "Esc cancel"])
        return lines + [""] + keys.split(separator: "\n").map { "  " + $0 }
    }
}
