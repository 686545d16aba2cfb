import AlmanacClient
import AlmanacCore
import Foundation
import TerminalKit

/// A list to choose one item from: ↑↓ move, Enter (or the item's number) picks, Esc cancels.
package struct Choice<Item> {
    package enum Outcome {
        case choosing
        case picked(Item, number: Int)
        case cancelled
    }

    package let title: String
    package let items: [Item]
    package let options: [String]
    package var selected = 0

    /// - Parameter text: each item as the list shows it.
    package init(_ title: String, items: [Item], text: (Item) -> String) {
        self.title = title
        self.items = items
        self.options = items.map(text)
    }

    /// `number` counts from 1, as the list shows it.
    package mutating func handle(_ key: Key) -> Outcome {
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

    package func lines(style: Style) -> [String] {
        [style.bold(title), ""]
            + options.enumerated().map { index, option in
                let line = "  \(index + 1)) \(option)"
                return index == selected ? Scroller.highlight(line, style: style) : line
            } + ["", style.dim("  ↑↓ move · Enter choose · Esc cancel")]
    }
}
