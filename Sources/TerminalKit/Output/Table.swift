import AlmanacCore

/// A plain-text table with aligned columns; cells may carry ANSI colour.
package struct Table: Sendable {
    package enum Alignment: Sendable { case left, right }

    package struct Column: Sendable {
        package var title: String
        package var alignment: Alignment
        package init(_ title: String, _ alignment: Alignment = .left) {
            self.title = title
            self.alignment = alignment
        }
    }

    package var columns: [Column]
    package var rows: [[String]] = []
    /// The width rule's order: the columns left out, first to last, when the table is wider
    /// than `style.columns` — before any text column is cut (with `…`). Empty: none.
    package var expendable: [Int] = []

    package init(_ columns: [Column]) {
        self.columns = columns
    }

    /// Columns titled `titles`, in that order, as the ones left out first (`expendable`).
    package mutating func leaveOutFirst(_ titles: [String]) {
        expendable = titles.compactMap { title in columns.firstIndex { $0.title == title } }
    }

    package mutating func add(_ row: [String]) {
        rows.append(row)
    }

    /// The display width of the rendered table, in terminal cells.
    package var width: Int { Self.total(widths) }

    /// Each column's width in cells: its widest cell or its title.
    private var widths: [Int] {
        var widths = columns.map { Style.width($0.title) }
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], Style.width(cell)) }
        }
        return widths
    }

    private static func total(_ widths: [Int]) -> Int { widths.reduce(0, +) + 2 * max(0, widths.count - 1) }

    /// The table narrowed to `width` cells by cutting column `index`'s cells (with `…`) down to
    /// no less than `minimum`; nil when even that is too wide. Cells of that column must be plain.
    package func fitting(width limit: Int, shrinking index: Int, minimum: Int) -> Table? {
        let widths = self.widths
        let total = Self.total(widths)
        guard total > limit else { return self }
        let target = max(minimum, Style.width(columns[index].title), widths[index] - (total - limit))
        guard total - (widths[index] - target) <= limit else { return nil }
        return cutting(index, to: target)
    }

    /// The table within `width` cells by leaving out whole columns, those of `expendable` in
    /// that order, as few as it takes; the rest keep their order.
    package func leavingOut(_ expendable: [Int], toFit limit: Int) -> Table {
        var kept = Array(columns.indices)
        var widths = self.widths
        for index in expendable where Self.total(widths) > limit {
            guard let place = kept.firstIndex(of: index) else { continue }
            kept.remove(at: place)
            widths.remove(at: place)
        }
        var table = Table(kept.map { columns[$0] })
        table.rows = rows.map { row in kept.map { $0 < row.count ? row[$0] : "" } }
        return table
    }

    /// The table as lines: a header, a rule, then rows; two spaces between columns. With
    /// `style.columns` set and the table wider: the `expendable` columns are left out in their
    /// order, as few as it takes; then the widest plain left-aligned column is shortened (with
    /// `…`) so the table fits, when it can.
    package func render(style: Style = .plain) -> String {
        if let limit = style.columns, !expendable.isEmpty, width > limit {
            var fewer = leavingOut(expendable, toFit: limit)
            fewer.expendable = []
            return fewer.render(style: style)
        }
        let widths = self.widths
        if let limit = style.columns, Self.total(widths) > limit, let fitted = narrowed(to: limit, widths: widths) {
            return fitted.renderWhole(style: style)
        }
        return renderWhole(style: style, widths: widths)
    }

    /// The table narrowed toward `limit` by its text columns (left-aligned, no colour, wider than
    /// 12 cells, not the first, which names the row: names, conditions — never dates or numbers),
    /// widest first, none below 6 cells or its title; nil when none can give anything.
    func narrowed(to limit: Int, widths: [Int]) -> Table? {
        // A cell that starts with a digit is a date, a time or a number: never cut.
        let candidates = columns.indices.filter { index in
            index > 0 && columns[index].alignment == .left && widths[index] > 12
                && rows.allSatisfy { index >= $0.count || !($0[index].contains("\u{1B}") || ($0[index].first?.isNumber ?? false)) }
        }
        var table = self
        var total = Self.total(widths)
        for index in candidates.sorted(by: { widths[$0] > widths[$1] }) where total > limit {
            let target = max(6, Style.width(columns[index].title), widths[index] - (total - limit))
            guard target < widths[index] else { continue }
            table = table.cutting(index, to: target)
            total -= widths[index] - target
        }
        return total < Self.total(widths) ? table : nil
    }

    /// The table with column `index`'s cells cut to `target` cells.
    private func cutting(_ index: Int, to target: Int) -> Table {
        var cut = self
        cut.rows = rows.map { row in
            var row = row
            if index < row.count, Style.width(row[index]) > target { row[index] = Self.cut(row[index], to: target) }
            return row
        }
        return cut
    }

    private func renderWhole(style: Style, widths given: [Int]? = nil) -> String {
        let widths = given ?? self.widths
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (index, column) in columns.enumerated() {
                let cell = index < cells.count ? cells[index] : ""
                let padding = String(repeating: " ", count: max(0, widths[index] - Style.width(cell)))
                parts.append(column.alignment == .left ? cell + padding : padding + cell)
            }
            var text = parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
        let header = style.bold(line(columns.map(\.title)))
        let rule = widths.map { String(repeating: style.unicode ? "─" : "-", count: $0) }.joined(separator: "  ")
        return ([header, style.dim(rule)] + rows.map(line)).joined(separator: "\n")
    }

    /// `text` cut to `cells` terminal cells, the last one an ellipsis.
    static func cut(_ text: String, to cells: Int) -> String {
        var result = ""
        var used = 0
        for character in text {
            let width = Style.width(String(character))
            if used + width > cells - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }
}
