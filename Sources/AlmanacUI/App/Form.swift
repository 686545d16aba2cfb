import AlmanacCore
import AlmanacKit
import Foundation

/// A few `LineField`s edited together: Tab, ↑ and ↓ move between them, Enter moves on and
/// submits from the last one, Esc cancels without saving anything.
public struct Form {
    public enum Outcome: Equatable {
        case editing
        case submitted([String])
        case cancelled
    }

    public let title: String
    public var fields: [LineField]
    public var focus = 0
    /// The sentence under the whole form (what saving said, or the check across fields), nil when none.
    public var problem: String?
    /// A check across all the fields (a start before an end), run as you type; nil: none.
    public var validate: (([String]) -> String?)?

    public init(_ title: String, fields: [LineField], validate: (([String]) -> String?)? = nil) {
        self.title = title
        self.fields = fields
        self.validate = validate
    }

    public mutating func handle(_ key: Key) -> Outcome {
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

    public func lines(style: Style, width: Int = 80) -> [String] {
        var lines = [style.bold(title), ""]
        for (index, field) in fields.enumerated() { lines += field.lines(style: style, focused: index == focus, width: width - 2).map { "  " + $0 } }
        if let problem { lines += [""] + LineField.wrap(problem, width: width - 4).map { "  " + style.red($0) } }
        return lines + ["", style.dim("  Tab/↑↓ next field · Enter " + (fields.count > 1 ? "next, then save" : "save") + " · Esc cancel")]
    }
}

/// A yes/no question: `y` or Enter confirms, `n` or Esc declines.
public struct Confirmation {
    public let question: String

    public init(_ question: String) { self.question = question }

    /// True (yes), false (no), nil (any other key: still asking).
    public func answer(_ key: Key) -> Bool? {
        switch key {
        case .character("y"), .character("Y"), .enter: true
        case .character("n"), .character("N"), .escape, .interrupt: false
        default: nil
        }
    }

    public func lines(style: Style) -> [String] {
        ["", style.bold(question) + "  " + style.dim("y/Enter yes · n/Esc no")]
    }
}

/// A list to choose one item from: ↑↓ move, Enter (or the item's number) picks, Esc cancels.
public struct Choice<Item> {
    public enum Outcome {
        case choosing
        case picked(Item, number: Int)
        case cancelled
    }

    public let title: String
    public let items: [Item]
    public let options: [String]
    public var selected = 0

    /// - Parameter text: each item as the list shows it.
    public init(_ title: String, items: [Item], text: (Item) -> String) {
        self.title = title
        self.items = items
        self.options = items.map(text)
    }

    /// `number` counts from 1, as the list shows it.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .up: selected = max(0, selected - 1)
        case .down: selected = min(items.count - 1, selected + 1)
        case .enter: return .picked(items[selected], number: selected + 1)
        case .escape, .interrupt: return .cancelled
        case .character(let digit) where digit.isNumber:
            if let number = Int(String(digit)), (1...items.count).contains(number) { return .picked(items[number - 1], number: number) }
        default: break
        }
        return .choosing
    }

    public func lines(style: Style) -> [String] {
        [style.bold(title), ""]
            + options.enumerated().map { index, option in
                let line = "  \(index + 1)) \(option)"
                return index == selected ? Scroller.highlight(line, style: style) : line
            } + ["", style.dim("  ↑↓ move · Enter choose · Esc cancel")]
    }
}
