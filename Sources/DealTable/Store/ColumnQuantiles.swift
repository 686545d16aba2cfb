import AlmanacCore
import Foundation

/// Exact order statistics of one column over a set of rows, without copying the column
/// (docs/architecture.md §8). Each value's place in the column's range, scaled to
/// `0..<buckets`, is read as digits in base `buckets` (a power of two, so every digit is
/// exact); the values sharing their first digits are one contiguous stretch of the sorted
/// values. A histogram of the first digit finds the stretch that holds each wanted rank; each
/// later pass gathers the stretches small enough to sort and, for fuller ones (values bunched
/// in a narrow range), counts their next digit. Memory: one histogram for each stretch being
/// narrowed and the values gathered, whatever the number of rows.
struct ColumnQuantiles<Rows: Sequence<Int>> {
    let rows: Rows
    let values: UnsafeBufferPointer<Double>
    /// Buckets of one histogram: a power of two.
    var buckets = 1 << 16
    /// The most values a stretch may hold to be gathered and sorted (8 bytes each); a fuller
    /// stretch is narrowed by its next digit. `numbers` sets it to a 64th of the values (at
    /// least 4,096): sorting that many costs about what another pass over the rows does.
    var gatherLimit = 1 << 16

    /// The values at `ranks` (0-based, ascending) in the sorted order of the `count` values in
    /// `low...high`.
    func values(at ranks: [Int], count: Int, low: Double, high: Double) -> [Double] {
        guard low < high, !ranks.isEmpty else { return ranks.map { _ in low } }
        let scale = Scale(low: low, high: high, buckets: buckets)
        guard scale.isUsable, count > gatherLimit else { return gatheredAll(ranks, low: low, high: high) }
        var found = [Double](repeating: high, count: ranks.count)
        let whole = Stretch(digits: [], wanted: Array(zip(ranks.indices, ranks)), count: count)
        var open = split(whole, by: histogram(scale, low: low, high: high))
        while !open.isEmpty {
            let outcomes = pass(open, scale, low: low, high: high)
            var next: [Stretch] = []
            for (stretch, outcome) in zip(open, outcomes) {
                next += settle(stretch, outcome, into: &found)
            }
            open = next
        }
        return found
    }

    /// Values whose digits begin with `digits`; `wanted` pairs an index into the answer with a
    /// rank within the stretch.
    struct Stretch {
        var digits: [Int]
        var wanted: [(index: Int, rank: Int)]
        var count: Int
    }

    /// What one pass learnt of a stretch: its values, sorted, when it was small enough to
    /// gather; otherwise how many have each next digit, and its extremes.
    struct Outcome {
        var gathered: [Double]?
        var next: [Int] = []
        var low = Double.infinity, high = -Double.infinity
    }

    /// Answers what a pass settled; returns the narrower stretches still to be read.
    private func settle(_ stretch: Stretch, _ outcome: Outcome, into found: inout [Double]) -> [Stretch] {
        if let sorted = outcome.gathered {
            for wanted in stretch.wanted where wanted.rank < sorted.count { found[wanted.index] = sorted[wanted.rank] }
            return []
        }
        if outcome.low == outcome.high || stretch.digits.count >= Self.deepest {
            // All alike, or five digits read (80 bits, past a double's precision but near the
            // range's low end): select again within the stretch's own extremes.
            let within = values(at: stretch.wanted.map(\.rank), count: stretch.count, low: outcome.low, high: outcome.high)
            for (wanted, value) in zip(stretch.wanted, within) { found[wanted.index] = value }
            return []
        }
        return split(stretch, by: outcome.next)
    }

    /// Digits read before a stretch is selected within its own extremes instead.
    private static var deepest: Int { 5 }

    /// The narrower stretches, one for each next digit that holds a wanted rank.
    private func split(_ stretch: Stretch, by counts: [Int]) -> [Stretch] {
        var narrower: [Stretch] = []
        var (before, digit) = (0, 0)
        for wanted in stretch.wanted {
            while digit < counts.count - 1 && before + counts[digit] <= wanted.rank {
                before += counts[digit]
                digit += 1
            }
            let entry = (wanted.index, wanted.rank - before)
            if narrower.last?.digits.last == digit {
                narrower[narrower.count - 1].wanted.append(entry)
            } else {
                narrower.append(Stretch(digits: stretch.digits + [digit], wanted: [entry], count: counts[digit]))
            }
        }
        return narrower
    }

    /// How many of the values in `low...high` have each first digit.
    private func histogram(_ scale: Scale, low: Double, high: Double) -> [Int] {
        var counts = [UInt32](repeating: 0, count: buckets)  // half the cache of Int counts
        counts.withUnsafeMutableBufferPointer { counts in
            for row in rows {
                let value = values[row]
                if value >= low && value <= high { counts[Int(scale.place(value))] &+= 1 }
            }
        }
        return counts.map { Int($0) }
    }

    /// One pass over the rows for every open stretch. The stretches' digits are laid out flat
    /// (`deepest` a stretch) so the loop over the rows touches no reference-counted value.
    private func pass(_ stretches: [Stretch], _ scale: Scale, low: Double, high: Double) -> [Outcome] {
        var starts = [Bool](repeating: false, count: buckets)  // first digits some stretch begins with
        for stretch in stretches { starts[stretch.digits[0]] = true }
        let digits = stretches.flatMap { $0.digits + Array(repeating: -1, count: Self.deepest - $0.digits.count) }
        let gathers = stretches.map { $0.count <= gatherLimit }
        var lists = stretches.map { emptyList(for: $0) }
        var next = [UInt32](repeating: 0, count: buckets * stretches.count)
        var lows = [Double](repeating: .infinity, count: stretches.count)
        var highs = [Double](repeating: -.infinity, count: stretches.count)
        let (base, count) = (Double(buckets), stretches.count)
        starts.withUnsafeBufferPointer { starts in
            digits.withUnsafeBufferPointer { digits in
                next.withUnsafeMutableBufferPointer { next in
                    for row in rows {
                        let value = values[row]
                        guard value >= low && value <= high else { continue }
                        let place = scale.place(value)
                        guard starts[Int(place)] else { continue }
                        for index in 0..<count {
                            guard let rest = Self.rest(of: place, after: digits.baseAddress! + index * Self.deepest, base: base) else { continue }
                            if gathers[index] {
                                lists[index].append(value)
                            } else {
                                next[index * buckets + Int(rest * base)] &+= 1
                                (lows[index], highs[index]) = (min(lows[index], value), max(highs[index], value))
                            }
                            break
                        }
                    }
                }
            }
        }
        return stretches.indices.map { index in
            guard !gathers[index] else { return Outcome(gathered: lists[index].sorted()) }
            let counts = next[(index * buckets)..<((index + 1) * buckets)].map { Int($0) }
            return Outcome(next: counts, low: lows[index], high: highs[index])
        }
    }

    /// Room for a stretch's values when it is small enough to gather (the histogram counted them).
    private func emptyList(for stretch: Stretch) -> [Double] {
        var list: [Double] = []
        if stretch.count <= gatherLimit { list.reserveCapacity(stretch.count) }
        return list
    }

    /// What is left of `place` (in 0..<1) after its leading digits, if they are the `deepest`
    /// at `digits` (up to the first negative one).
    @inline(__always)
    private static func rest(of place: Double, after digits: UnsafePointer<Int>, base: Double) -> Double? {
        var rest = place
        for depth in 0..<deepest {
            let digit = digits[depth]
            if digit < 0 { break }
            if depth > 0 { rest *= base }
            guard Int(rest) == digit else { return nil }
            rest -= Double(digit)
        }
        return rest
    }

    /// The values in `low...high`, sorted, read at `ranks`: for few values, or a range too
    /// narrow to scale (a few adjacent doubles).
    private func gatheredAll(_ ranks: [Int], low: Double, high: Double) -> [Double] {
        var all: [Double] = []
        for row in rows where values[row] >= low && values[row] <= high { all.append(values[row]) }
        all.sort()
        return ranks.map { $0 < all.count ? all[$0] : high }
    }

    /// A value's place in `low...high` scaled to `0..<buckets` (never `buckets` itself). The
    /// values are halved first so that the width of any finite range stays finite.
    struct Scale {
        let halfLow, factor, top: Double

        init(low: Double, high: Double, buckets: Int) {
            halfLow = low * 0.5
            factor = Double(buckets) / (high * 0.5 - halfLow)
            top = Double(buckets).nextDown
        }

        var isUsable: Bool { factor.isFinite && factor > 0 }

        @inline(__always)
        func place(_ value: Double) -> Double {
            Swift.min(top, Swift.max(0, (value * 0.5 - halfLow) * factor))
        }
    }
}

extension ColumnQuantiles {
    /// The column's figures over the rows: count, extremes, mean and standard deviation from
    /// `moments`, the median and the 10th and 90th percentiles (linear between the closest
    /// ranks, as numpy's default) by selection.
    func numbers(_ moments: Moments) -> DealStatistics.Numbers {
        guard moments.count > 0 else { return DealStatistics.Numbers() }
        var figures = DealStatistics.Numbers()
        (figures.count, figures.min, figures.max) = (moments.count, moments.low, moments.high)
        (figures.mean, figures.standardDeviation) = (moments.mean, moments.standardDeviation)
        let wanted = [0.1, 0.5, 0.9].map { $0 * Double(moments.count - 1) }
        let ranks = Array(Set(wanted.flatMap { [Int($0), Swift.min(Int($0) + 1, moments.count - 1)] })).sorted()
        var selection = self
        selection.gatherLimit = Swift.max(1 << 12, moments.count >> 6)
        let found = selection.values(at: ranks, count: moments.count, low: moments.low, high: moments.high)
        let byRank = Dictionary(uniqueKeysWithValues: zip(ranks, found))
        let quantiles = wanted.map { rank -> Double in
            let (lower, upper) = (byRank[Int(rank)]!, byRank[Swift.min(Int(rank) + 1, moments.count - 1)]!)
            return lower + (upper - lower) * (rank - rank.rounded(.down))
        }
        (figures.p10, figures.median, figures.p90) = (quantiles[0], quantiles[1], quantiles[2])
        return figures
    }
}

/// Count, extremes, mean and variance of a stream of values, in one pass. Sums are taken of
/// the values less the first one, which keeps the variance's subtraction exact enough where
/// the values sit far from zero (the shifted-data method).
struct Moments {
    private(set) var count = 0
    private(set) var low = Double.infinity, high = -Double.infinity
    private var shift = 0.0, sum = 0.0, squares = 0.0

    @inline(__always)
    mutating func add(_ value: Double) {
        if count == 0 { shift = value }
        count += 1
        let centred = value - shift
        sum += centred
        squares += centred * centred
        low = Swift.min(low, value)
        high = Swift.max(high, value)
    }

    var mean: Double { count == 0 ? 0 : shift + sum / Double(count) }
    /// Of the population (divided by the count).
    var standardDeviation: Double {
        guard count > 0 else { return 0 }
        let variance = (squares - sum * sum / Double(count)) / Double(count)
        return Swift.max(0, variance).squareRoot()
    }
}
