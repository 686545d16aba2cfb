import AlmanacCore

/// Stable radix sorts of (key, row) pairs: MSD on the highest bits where keys differ, in place
/// with a scratch of the same size, down to runs small enough for an insertion sort.
///
/// Why MSD: an LSD sort pays a pass (and a 2,048-entry histogram) for every digit from the
/// lowest, even on a 512-deal chunk; MSD stops as soon as a run is sorted, and after its first
/// pass works on runs that fit in the cache. Measured at 10M: the re-sort by price went from
/// 0.64× a plain sort to 0.24× (docs/benchmarks.md).
enum RadixSort {
    /// Digit width for runs of 4,096 entries or more; smaller runs take 8-bit digits, so a
    /// histogram never costs more than the run.
    static let bits = 11
    static let buckets = 1 << bits
    /// Runs this short or shorter are insertion-sorted.
    static let insertionLimit = 24

    /// Sorts `keys` and `rows` together by key; equal keys keep their order.
    static func sort(keys: inout [UInt64], rows: inout [UInt32]) {
        precondition(rows.count == keys.count, "RadixSort: keys and rows differ in length")
        sortRuns(keys: &keys, rows: &rows, ends: [keys.count][...], largest: keys.count)
    }

    /// Calls `body` with room for one histogram per recursion level (digits of 8 bits or more:
    /// at most 8 levels).
    static func withHistograms<Result>(_ body: (UnsafeMutablePointer<Int>) -> Result) -> Result {
        let counts = UnsafeMutablePointer<Int>.allocate(capacity: 8 * (buckets + 1))
        defer { counts.deallocate() }
        return body(counts)
    }

    /// Sorts the first `n` pairs at `keys` and `rows` by the highest digit where their keys
    /// differ, through the scratch at the same offsets, then each digit's run the same way.
    static func msd(
        _ keys: UnsafeMutablePointer<UInt64>, _ rows: UnsafeMutablePointer<UInt32>,
        _ scratchKeys: UnsafeMutablePointer<UInt64>, _ scratchRows: UnsafeMutablePointer<UInt32>, _ n: Int,
        counts: UnsafeMutablePointer<Int>
    ) {
        if n <= insertionLimit {
            insertionSort(keys, rows, n)
            return
        }
        var differing: UInt64 = 0
        let first = keys[0]
        for index in 0..<n { differing |= keys[index] ^ first }
        if differing == 0 { return }
        let digit = Digit(differing: differing, count: n)
        counts.update(repeating: 0, count: digit.values + 1)
        for index in 0..<n { counts[digit.of(keys[index]) &+ 1] &+= 1 }
        for value in 0..<digit.values { counts[value + 1] &+= counts[value] }
        // counts[d] is where digit d starts; after the scatter, where it ends.
        for index in 0..<n {
            let key = keys[index]
            let value = digit.of(key)
            let target = counts[value]
            scratchKeys[target] = key
            scratchRows[target] = rows[index]
            counts[value] = target &+ 1
        }
        keys.update(from: scratchKeys, count: n)
        rows.update(from: scratchRows, count: n)
        guard digit.shift > 0 else { return }
        var start = 0
        for value in 0..<digit.values {
            let end = counts[value]
            if end - start > 1 {
                msd(keys + start, rows + start, scratchKeys + start, scratchRows + start, end - start, counts: counts + digit.values + 1)
            }
            start = end
        }
    }

    /// The digit an MSD pass sorts by: the highest `bits` (8 for runs under 4,096, so a
    /// histogram never costs more than the run) at and below the highest bit where keys differ.
    struct Digit {
        let shift: UInt64
        let values: Int

        init(differing: UInt64, count: Int) {
            let width = count >= 4_096 ? RadixSort.bits : 8
            shift = UInt64(max(0, 64 - differing.leadingZeroBitCount - width))
            values = 1 << width
        }

        @inline(__always)
        func of(_ key: UInt64) -> Int { Int((key &>> shift) & UInt64(values - 1)) }
    }

    /// Stable insertion sort of the first `n` pairs by key.
    static func insertionSort(_ keys: UnsafeMutablePointer<UInt64>, _ rows: UnsafeMutablePointer<UInt32>, _ n: Int) {
        guard n > 1 else { return }
        for index in 1..<n {
            let key = keys[index]
            let row = rows[index]
            var slot = index
            while slot > 0, keys[slot - 1] > key {
                keys[slot] = keys[slot - 1]
                rows[slot] = rows[slot - 1]
                slot -= 1
            }
            keys[slot] = key
            rows[slot] = row
        }
    }

    /// Maps a double to a `UInt64` with the same order (negative numbers included).
    static func orderedBits(_ value: Double) -> UInt64 {
        let bits = value.bitPattern
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }

    /// Maps an `Int64` to a `UInt64` with the same order.
    static func orderedBits(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: value) ^ (1 << 63)
    }
}

/// Where a row-only radix sort reads each row's key (computed on the fly: no key array).
protocol RadixKeys {
    func key(_ row: Int) -> UInt64
}

struct DoubleKeys: RadixKeys {
    let values: UnsafeBufferPointer<Double>
    @inline(__always) func key(_ row: Int) -> UInt64 { RadixSort.orderedBits(values[row]) }
}

struct IDKeys: RadixKeys {
    let values: UnsafeBufferPointer<Int64>
    @inline(__always) func key(_ row: Int) -> UInt64 { RadixSort.orderedBits(values[row]) }
}

/// An instrument's alphabetical rank as the key.
struct RankKeys: RadixKeys {
    let instruments: UnsafeBufferPointer<UInt16>
    let ranks: [UInt16]
    @inline(__always) func key(_ row: Int) -> UInt64 { UInt64(ranks[Int(instruments[row])]) }
}

/// The side (0 buy, 1 sell) as the key.
struct SideKeys: RadixKeys {
    let sides: UnsafeBufferPointer<UInt8>
    @inline(__always) func key(_ row: Int) -> UInt64 { UInt64(sides[row]) }
}

extension RadixSort {
    /// Rows sorted stably by the key `source` reads for each, with their keys, as two arrays
    /// with room for `capacity` entries (a view's arena, `SortedBlocks.build(adopting:)`).
    /// `order` is the rows in the order ties keep (nil: `0..<count`, row order).
    ///
    /// The first MSD pass reads the keys straight from the columns (in row order: a stream) and
    /// scatters them into the result; each digit's run is then sorted in place through a
    /// scratch as big as the largest run. Memory: 12 bytes a row for the result, which becomes
    /// the view, plus 12 for each entry of the largest run (a fraction of the table when the
    /// highest differing digit spreads the keys).
    static func sortedPairs<Keys: RadixKeys>(
        count n: Int, order: [UInt32]?, by source: Keys, capacity: Int
    ) -> (rows: [UInt32], keys: [UInt64]) {
        @inline(__always) func row(_ index: Int) -> Int { order.map { Int($0[index]) } ?? index }
        var differing: UInt64 = 0
        let first = n > 0 ? source.key(row(0)) : 0
        for index in 0..<n { differing |= source.key(row(index)) ^ first }
        let digit = Digit(differing: differing, count: n)
        var ends = [Int](repeating: 0, count: digit.values + 1)
        for index in 0..<n { ends[digit.of(source.key(row(index))) + 1] += 1 }
        for value in 0..<digit.values { ends[value + 1] += ends[value] }
        var largest = 0
        for value in 0..<digit.values { largest = max(largest, ends[value + 1] - ends[value]) }
        var rows: [UInt32] = []
        var keys = [UInt64](unsafeUninitializedCapacity: max(capacity, n)) { keys, written in
            if let base = keys.baseAddress { HugePages.advise(UnsafeMutableRawPointer(base), bytes: n * 8) }
            rows = [UInt32](unsafeUninitializedCapacity: max(capacity, n)) { rows, rowsWritten in
                if let base = rows.baseAddress { HugePages.advise(UnsafeMutableRawPointer(base), bytes: n * 4) }
                for index in 0..<n {
                    let from = row(index)
                    let key = source.key(from)
                    let value = digit.of(key)
                    let target = ends[value]
                    keys[target] = key
                    rows[target] = UInt32(from)
                    ends[value] = target + 1
                }
                rowsWritten = n
            }
            written = n
        }
        sortRuns(keys: &keys, rows: &rows, ends: ends.dropLast(), largest: differing == 0 || digit.shift == 0 ? 0 : largest)
        return (rows, keys)
    }

    /// Sorts each run (ending at `ends`; `largest` is the longest) of the pairs by the digits
    /// where its keys differ.
    private static func sortRuns(keys: inout [UInt64], rows: inout [UInt32], ends: ArraySlice<Int>, largest: Int) {
        guard largest > 1 else { return }
        let scratchKeys = UnsafeMutablePointer<UInt64>.allocate(capacity: largest)
        let scratchRows = UnsafeMutablePointer<UInt32>.allocate(capacity: largest)
        defer {
            scratchKeys.deallocate()
            scratchRows.deallocate()
        }
        keys.withUnsafeMutableBufferPointer { keys in
            rows.withUnsafeMutableBufferPointer { rows in
                withHistograms { counts in
                    var start = 0
                    for end in ends {
                        if end - start > 1 {
                            msd(keys.baseAddress! + start, rows.baseAddress! + start, scratchKeys, scratchRows, end - start, counts: counts)
                        }
                        start = end
                    }
                }
            }
        }
    }
}
