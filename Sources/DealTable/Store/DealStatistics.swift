import AlmanacCore
import Foundation

/// Column statistics of a view, exact (not sampled): for price and amount the count, extremes,
/// mean, median, 10th and 90th percentiles (linear between the closest ranks) and standard
/// deviation (of the population); for instrument and side the distinct values and the most
/// common. Built off the frame from a snapshot (`DealSnapshot.statistics`).
package struct DealStatistics: Sendable, Equatable {
    /// One numeric column's figures.
    package struct Numbers: Sendable, Equatable, Encodable {
        package var count = 0
        package var min = 0.0, max = 0.0, mean = 0.0, median = 0.0, p10 = 0.0, p90 = 0.0, standardDeviation = 0.0

        private enum CodingKeys: String, CodingKey { case count, min, max, mean, median, p10, p90, standardDeviation }

        /// With no values, every figure is `null`: there is none, not a zero.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(count, forKey: .count)
            let figures: [(CodingKeys, Double)] = [
                (.min, min), (.max, max), (.mean, mean), (.median, median), (.p10, p10), (.p90, p90), (.standardDeviation, standardDeviation),
            ]
            for (key, value) in figures { try container.encode(count == 0 ? nil : value, forKey: key) }
        }
    }

    /// One text column's figures: distinct values, the most common and how often it comes.
    package struct Values: Sendable, Equatable, Encodable {
        package var distinct = 0
        package var mostCommon: String?
        package var mostCommonCount = 0
    }

    package var price = Numbers(), amount = Numbers()
    package var instrument = Values(), side = Values()
    /// Deals in the view.
    package var count = 0
}

extension DealSnapshot {
    /// The view's statistics: one pass for the counts, sums and extremes, then for each numeric
    /// column a selection that reads the column in place (`ColumnQuantiles`). Holds no copy of
    /// a column: under a filter, the passing rows as one bit a row (`RowBits`); otherwise nothing a row.
    package func statistics() -> DealStatistics {
        let passing = passingRows()
        return columns.withBuffers { buffers in
            if let passing { return Self.statistics(passing, buffers, names: columns.names) }
            return Self.statistics(0..<covered, buffers, names: columns.names)
        }
    }

    private static func statistics<Rows: Sequence<Int>>(
        _ rows: Rows, _ buffers: DealColumns.Buffers, names: [String]
    ) -> DealStatistics {
        var (price, amount) = (Moments(), Moments())
        var perInstrument = [Int](repeating: 0, count: max(names.count, 1))
        var perSide = [0, 0]
        for row in rows {
            price.add(buffers.prices[row])
            amount.add(buffers.amounts[row])
            perInstrument[Int(buffers.instruments[row])] += 1
            perSide[Int(buffers.sides[row])] += 1
        }
        var result = DealStatistics()
        result.count = price.count
        result.price = ColumnQuantiles(rows: rows, values: buffers.prices).numbers(price)
        result.amount = ColumnQuantiles(rows: rows, values: buffers.amounts).numbers(amount)
        result.instrument = values(perInstrument, names: names)
        result.side = values(perSide, names: ["buy", "sell"])
        return result
    }

    static func values(_ counts: [Int], names: [String]) -> DealStatistics.Values {
        var figures = DealStatistics.Values()
        for (index, count) in counts.enumerated() where count > 0 {
            figures.distinct += 1
            if count > figures.mostCommonCount { (figures.mostCommon, figures.mostCommonCount) = (names[index], count) }
        }
        return figures
    }
}
