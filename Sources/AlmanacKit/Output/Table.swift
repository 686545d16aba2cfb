import AlmanacCore
import AlmanacHTTP
import AlmanacProviders

/// A plain-text table with aligned columns; cells may carry ANSI colour.
public struct Table: Sendable {
    public enum Alignment: Sendable { case left, right }

    public struct Column: Sendable {
        public var title: String
        public var alignment: Alignment
        public init(_ title: String, _ alignment: Alignment = .left) {
            self.title = title
            self.alignment = alignment
        }
    }

    public var columns: [Column]
    public var rows: [[String]] = []

    public init(_ columns: [Column]) {
        self.columns = columns
    }

    public mutating func add(_ row: [String]) {
        rows.append(row)
    }

    /// The display width of the rendered table, in terminal cells.
    public var width: Int { widths.reduce(0, +) + 2 * max(0, columns.count - 1) }

    private var widths: [Int] {
        var widths = columns.map { Style.width($0.title) }
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count { widths[index] = max(widths[index], Style.width(cell)) }
        }
        return widths
    }

    /// The table narrowed to `width` cells by cutting column `index`'s cells (with `…`) down to
    /// no less than `minimum`; nil when even that is too wide. Cells of that column must be plain.
    public func fitting(width limit: Int, shrinking index: Int, minimum: Int) -> Table? {
        let excess = width - limit
        guard excess > 0 else { return self }
        let current = widths[index]
        let target = max(minimum, Style.width(columns[index].title), current - excess)
        guard width - (current - target) <= limit else { return nil }
        var fitted = self
        fitted.rows = rows.map { row in
            var row = row
            if index < row.count, Style.width(row[index]) > target { row[index] = String(row[index].prefix(target - 1)) + "…" }
            return row
        }
        return fitted
    }

    /// The table as lines: a header, a rule, then rows; two spaces between columns.
    public func render(style: Style = .plain) -> String {
        var widths = columns.map { Style.width($0.title) }
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], Style.width(cell))
            }
        }
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
}
