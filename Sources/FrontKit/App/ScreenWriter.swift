import AlmanacClient
import AlmanacCore
import Foundation
import TerminalKit

/// Draws whole frames of lines and writes only the lines that changed since the last frame
/// (a changed size, or `invalidate()`, redraws everything). Each frame is one write. Every line
/// is drawn through `TerminalText.neutralise`: the one place the full-screen app's text leaves.
package final class ScreenWriter {
    private var previous: [String] = []
    private var size = (columns: 0, rows: 0)
    private let output: (String) -> Void
    /// Bytes written by the last frame (0 when nothing changed).
    package private(set) var lastWrite = 0

    /// - Parameter output: where frames go (the terminal; a test's buffer).
    package init(output: @escaping (String) -> Void = RawTerminal.write) {
        self.output = output
    }

    /// Forgets the last frame, so the next one is drawn whole.
    package func invalidate() { previous = [] }

    /// Draws `lines` (already cut to `columns`) on a `columns`×`rows` screen.
    package func draw(_ lines: [String], columns: Int, rows: Int) {
        var text = ""
        if size != (columns, rows) {
            size = (columns, rows)
            previous = []
            text += "\u{1B}[H\u{1B}[2J"
        }
        let shown = (0..<rows).map { row in row < lines.count ? TerminalText.neutralise(lines[row]) : "" }
        for (row, line) in shown.enumerated() where row >= previous.count || previous[row] != line {
            text += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[0m\u{1B}[K"
        }
        previous = shown
        lastWrite = text.utf8.count
        if !text.isEmpty { output(text) }
    }

    /// `line` neutralised (`TerminalText`) and cut to `width` cells, escape sequences kept whole
    /// (and colour reset when cut).
    package static func clip(_ text: String, _ width: Int) -> String {
        let line = TerminalText.neutralise(text)
        guard Style.width(line) > width else { return line }
        var result = ""
        var visible = 0
        var escape = false
        for character in line {
            if character == "\u{1B}" { escape = true }
            if escape {
                result.append(character)
                if character.isLetter { escape = false }
                continue
            }
            let cells = Style.width(String(character))
            // The last cell is the ellipsis: a cut line says it was cut.
            if visible + cells > width - 1 { break }
            result.append(character)
            visible += cells
        }
        return result + (width > 0 ? "…" : "") + (line.contains("\u{1B}") ? "\u{1B}[0m" : "")
    }

    /// `line` padded with spaces to `width` cells (cut when longer).
    package static func pad(_ line: String, _ width: Int) -> String {
        let cut = clip(line, width)
        return cut + String(repeating: " ", count: max(0, width - Style.width(cut)))
    }
}
