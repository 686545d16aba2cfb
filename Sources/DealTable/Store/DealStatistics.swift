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
        package var min = 0.0
        package var max = 0.0
        package var mean = 0.0
        package var median = 0.0
        package var p10 = 0.0
        package var p90 = 0.0
        package var standardDeviation = 0.0
    }

    /// One text column's figures: distinct values, the most common and how often it comes.
    package struct Values: Sendable, Equatable, Encodable {
        package var distinct = 0
        package var mostCommon: String?
        package var mostCommonCount = 0
    }

    package var price = Numbers()
    package var amount = Numbers()
    package var instrument = Values()
    package var side = Values()
    /// Deals in the view.
    package var count = 0
}

extension DealSnapshot {
    /// The view's statistics: one pass for the sums and counts, then a selection (not a sort)
    /// per percentile over each column's passing values.
    package func statistics() -> DealStatistics {
        var prices: [Double] = []
        var amounts: [Double] = []
        prices.reserveCapacity(count)
        amounts.reserveCapacity(count)
        var perInstrument = [Int](repeating: 0, count: max(columns.names.count, 1))
        var perSide = [0, 0]
        let passing = passingRows()
        columns.withBuffers { buffers in
            if let passing {
                Self.gather(passing, buffers, &prices, &amounts, &perInstrument, &perSide)
            } else {
                Self.gather(0..<covered, buffers, &prices, &amounts, &perInstrument, &perSide)
            }
        }
        var result = DealStatistics()
        result.count = prices.count
        result.price = Self.numbers(&prices)
        result.amount = Self.numbers(&amounts)
        result.instrument = Self.values(perInstrument, names: columns.names)
        result.side = Self.values(perSide, names: ["buy", "sell"])
        return result
    }

    /// Each row's price and amount, and the counts by instrument and side.
    private static func gather<Rows: Sequence<Int>>(
        _ rows: Rows, _ buffers: DealColumns.Buffers, _ prices: inout [Double], _ amounts: inout [Double],
        _ perInstrument: inout [Int], _ perSide: inout [Int]
    ) {
        for row in rows {
            prices.append(buffers.prices[row])
            amounts.append(buffers.amounts[row])
            perInstrument[Int(buffers.instruments[row])] += 1
            perSide[Int(buffers.sides[row])] += 1
        }
    }

    /// Figures of `values` (reordered in place by the selections).
    static func numbers(_ values: inout [Double]) -> DealStatistics.Numbers {
        guard !values.isEmpty else { return DealStatistics.Numbers() }
        var figures = DealStatistics.Numbers()
        figures.count = values.count
        // Two passes: the mean, then the squared deviations from it (as exact as Welford's, cheaper).
        var (sum, low, high) = (0.0, Double.infinity, -Double.infinity)
        for value in values {
            sum += value
            (low, high) = (min(low, value), max(high, value))
        }
        let mean = sum / Double(values.count)
        var squares = 0.0
        for value in values { squares += (value - mean) * (value - mean) }
        (figures.min, figures.max, figures.mean) = (low, high, mean)
        figures.standardDeviation = (squares / Double(values.count)).squareRoot()
        // The median first, over everything; then each outer percentile within its half only.
        figures.median = Selection.quantile(&values, 0.5)
        let middle = (values.count - 1) / 2
        figures.p10 = Selection.quantile(&values, 0.1, within: 0..<(middle + 1))
        figures.p90 = Selection.quantile(&values, 0.9, within: middle..<values.count)
        return figures
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

/// Order statistics by selection: the k-th smallest in expected linear time (Hoare's
/// quickselect with a median-of-three pivot), moving elements within the array.
enum Selection {
    /// The `p` quantile (0…1) of the whole array, linear between the closest ranks (as numpy's
    /// default). `within`: the part of the array that holds the ranks it needs, when an earlier
    /// selection already put every smaller element before it and every larger one after.
    static func quantile(_ values: inout [Double], _ p: Double, within part: Range<Int>? = nil) -> Double {
        let rank = p * Double(values.count - 1)
        let lower = Int(rank.rounded(.down))
        let part = part ?? 0..<values.count
        let low = select(&values, lower, in: part)
        guard Double(lower) < rank else { return low }
        // The next rank is the smallest of what selection left above `lower`.
        // (Past the part when it ends at `lower`: then the rest are all ≥ the part.)
        let inPart = values[(lower + 1)..<max(lower + 1, part.upperBound)]
        let high = inPart.isEmpty ? values[(lower + 1)...].min() ?? low : inPart.min()!
        return low + (high - low) * (rank - Double(lower))
    }

    /// The `k`-th smallest (0-based) of the array, found within `part` (which must hold it);
    /// afterwards every element of `part` before `k` is ≤ it and every one after ≥.
    static func select(_ values: inout [Double], _ k: Int, in part: Range<Int>) -> Double {
        var (low, high) = (part.lowerBound, part.upperBound - 1)
        while low < high {
            let middle = low + (high - low) / 2
            let pivot = Swift.max(Swift.min(values[low], values[middle]), Swift.min(Swift.max(values[low], values[middle]), values[high]))
            var (i, j) = (low, high)
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { high = j } else if k >= i { low = i } else { return values[k] }
        }
        return values[k]
    }
}
