import AlmanacCore
import Foundation

/// A set of row numbers as one bit a row, read back in ascending order: the rows a filter
/// passes, for a summary's passes over them (docs/architecture.md §8). 1.25 MB at 10M rows,
/// where a list of row numbers took 40 MB (an allocation that size, mapped and unmapped while
/// the frame loop faults in pages of its own, made frames wait).
struct RowBits: Sequence {
    private var words: [UInt64]
    /// Rows in the set.
    private(set) var count = 0

    /// An empty set for rows `0..<rows`.
    init(rows: Int) {
        words = [UInt64](repeating: 0, count: (rows + 63) / 64)
    }

    /// Adds `row` (below the `rows` the set was made for), once.
    mutating func insert(_ row: Int) {
        let bit = UInt64(1) << UInt64(row & 63)
        if words[row >> 6] & bit == 0 { count += 1 }
        words[row >> 6] |= bit
    }

    func makeIterator() -> Iterator { Iterator(words: words) }

    /// The rows in ascending order: each word's set bits, lowest first.
    struct Iterator: IteratorProtocol {
        let words: [UInt64]
        var index = -1
        var current: UInt64 = 0

        init(words: [UInt64]) { self.words = words }

        mutating func next() -> Int? {
            while current == 0 {
                index += 1
                guard index < words.count else { return nil }
                current = words[index]
            }
            let bit = current.trailingZeroBitCount
            current &= current &- 1
            return index << 6 | bit
        }
    }
}
