import AlmanacCore

/// A small terminal chart of a series: filled columns of block characters with the
/// maximum and minimum labelled, or `#` columns in plain ASCII (`TERM=dumb`).
package enum LineChart {
    /// One line of block characters, lowest to highest (`#`/`.` in plain ASCII); at most `width`.
    package static func sparkline(_ values: [Double], width: Int = 14, unicode: Bool) -> String {
        guard values.count > 1 else { return "" }
        let columns = resample(values, width: width)
        let low = columns.min()!
        let span = columns.max()! - low
        let blocks: [Character] = unicode ? ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] : [".", ".", "-", "-", "=", "=", "#", "#"]
        return String(columns.map { blocks[span == 0 ? 3 : min(7, Int(rounding: ($0 - low) / span * 7))] })
    }

    /// - Parameters:
    ///   - values: the series, oldest first.
    ///   - height: rows of the chart; 8 by default.
    ///   - width: most columns used; longer series are averaged into buckets. 64 by default.
    ///   - label: formats the axis labels.
    package static func render(
        _ values: [Double], height: Int = 8, width: Int = 64, unicode: Bool, span ends: (first: String, last: String)? = nil,
        label: (Double) -> String
    ) -> String {
        guard !values.isEmpty, height > 0 else { return "" }
        let columns = resample(values, width: width)
        let low = columns.min()!
        let high = columns.max()!
        let span = high - low
        let levels = columns.map { value -> Int in
            span == 0 ? height * 4 : Int(rounding: (value - low) / span * Double(height * 8 - 1)) + 1
        }
        let top = label(high)
        let bottom = label(low)
        let margin = max(top.count, bottom.count)
        let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        var lines: [String] = []
        for row in 0..<height {
            let base = (height - 1 - row) * 8
            var line = ""
            for level in levels {
                let fill = max(0, min(8, level - base))
                line.append(unicode ? blocks[fill] : (fill >= 4 ? "#" : " "))
            }
            let axisLabel = row == 0 ? top : (row == height - 1 ? bottom : "")
            let padded = String(repeating: " ", count: margin - axisLabel.count) + axisLabel
            lines.append(padded + (unicode ? " ┤" : " |") + line)
        }
        if let ends {
            // A time axis: where the series starts and ends, under its first and last columns.
            let indent = String(repeating: " ", count: margin + 1)
            lines.append(indent + (unicode ? "└" : "+") + String(repeating: unicode ? "─" : "-", count: levels.count))
            let gap = max(1, levels.count + 1 - ends.first.count - ends.last.count)
            lines.append(indent + " " + ends.first + String(repeating: " ", count: gap) + ends.last)
        }
        return lines.joined(separator: "\n")
    }

    /// Stretches short series (each value over several columns) and averages long ones.
    static func resample(_ values: [Double], width: Int) -> [Double] {
        if values.count <= width {
            let repeatCount = max(1, width / values.count / 2)
            return values.flatMap { Array(repeating: $0, count: repeatCount) }
        }
        return (0..<width).map { column in
            let start = column * values.count / width
            let end = max(start + 1, (column + 1) * values.count / width)
            let bucket = values[start..<end]
            return bucket.reduce(0, +) / Double(bucket.count)
        }
    }
}
