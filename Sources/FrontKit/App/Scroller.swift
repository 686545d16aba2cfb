import AlmanacClient
import AlmanacCore
import Foundation
import TerminalKit

/// Lines taller than their area, scrolled by keys, optionally with one selected item
/// highlighted and kept in view.
package struct Scroller {
    /// The first line shown.
    package private(set) var offset = 0
    /// The selected item (an index into `items`), when the lines list items.
    package var selected = 0

    package init() {}

    /// The line index of each item, for highlighting; empty for plain text.
    package static func tableRows(count: Int, headerLines: Int = 2, from start: Int = 0) -> [Int] {
        (0..<count).map { start + headerLines + $0 }
    }

    /// Applies a movement key to a list of `count` items (or to plain text when `count` is nil).
    /// Returns false for keys that are not movement.
    package mutating func handle(_ key: Key, count: Int?, page: Int) -> Bool {
        let step: Int
        switch key {
        case .up: step = -1
        case .down: step = 1
        case .pageUp: step = -max(1, page - 1)
        case .pageDown: step = max(1, page - 1)
        case .home: step = Int.min / 2
        case .end: step = Int.max / 2
        default: return false
        }
        // Saturating: keys can come faster than frames (End, End, Down before a draw clamps
        // the offset), and a wrapped sum would trap.
        if let count {
            selected = max(0, min(count - 1, Self.sum(selected, step)))
        } else {
            offset = max(0, Self.sum(offset, step))
        }
        return true
    }

    /// `a + b`, held at the ends of `Int` instead of overflowing.
    private static func sum(_ a: Int, _ b: Int) -> Int {
        let (result, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : result
    }

    /// The visible `height` lines of `lines`, the selected item's line highlighted.
    package mutating func window(_ lines: [String], height: Int, itemLines: [Int] = [], style: Style) -> [String] {
        var lines = lines
        if !itemLines.isEmpty {
            selected = max(0, min(itemLines.count - 1, selected))
            let line = itemLines[selected]
            if line < lines.count { lines[line] = Self.highlight(lines[line], style: style) }
            if line < offset { offset = max(0, line - 1) }
            if line >= offset + height { offset = line - height + 1 }
        }
        offset = max(0, min(offset, max(0, lines.count - height)))
        return Array(lines.dropFirst(offset).prefix(height))
    }

    /// Reverse video (a `›` marker without colour).
    package static func highlight(_ line: String, style: Style) -> String {
        guard style.enabled else { return "›" + line.dropFirst() }
        let reversed = line.replacingOccurrences(of: "\u{1B}[0m", with: "\u{1B}[0;7m")
        return "\u{1B}[7m" + reversed + "\u{1B}[27m"
    }
}
