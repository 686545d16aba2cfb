import AlmanacCore
import AlmanacHTTP
import AlmanacProviders

/// LSD radix sort of parallel arrays (`keys`, `rows`) by key: stable, 11-bit digits, only the
/// digits where keys differ get a pass.
enum RadixSort {
    static let bits = 11
    static let buckets = 1 << bits

    static func sort(keys: inout [UInt64], rows: inout [UInt32]) {
        let n = keys.count
        guard n > 1 else { return }
        var differing: UInt64 = 0
        let first = keys[0]
        keys.withUnsafeBufferPointer { keys in
            for key in keys { differing |= key ^ first }
        }
        if differing == 0 { return }
        let used = (64 - differing.leadingZeroBitCount + bits - 1) / bits
        var histograms = [Int](repeating: 0, count: buckets * used)
        keys.withUnsafeBufferPointer { keys in
            histograms.withUnsafeMutableBufferPointer { histograms in
                for var key in keys {
                    for pass in 0..<used {
                        histograms[pass &* buckets &+ Int(key & UInt64(buckets - 1))] &+= 1
                        key >>= UInt64(bits)
                    }
                }
            }
        }
        var scratchKeys = [UInt64](repeating: 0, count: n)
        var scratchRows = [UInt32](repeating: 0, count: n)
        var starts = [Int](repeating: 0, count: buckets)
        for pass in 0..<used {
            let offset = pass * buckets
            if histograms[offset..<offset + buckets].contains(n) { continue }
            var total = 0
            for bucket in 0..<buckets {
                starts[bucket] = total
                total += histograms[offset + bucket]
            }
            scatter(keys: &keys, rows: &rows, scratchKeys: &scratchKeys, scratchRows: &scratchRows, shift: pass * bits, starts: &starts)
        }
    }

    /// One stable pass: moves each (key, row) to its digit's next slot, given each digit's start;
    /// the sorted pass ends up in `keys` and `rows`.
    static func scatter<Key: FixedWidthInteger & UnsignedInteger>(
        keys: inout [Key], rows: inout [UInt32], scratchKeys: inout [Key],
        scratchRows: inout [UInt32], shift: Int, starts: inout [Int]
    ) {
        let n = keys.count
        let mask = Key(buckets - 1)
        let shift = Key(shift)
        keys.withUnsafeBufferPointer { keys in
            rows.withUnsafeBufferPointer { rows in
                scratchKeys.withUnsafeMutableBufferPointer { targetKeys in
                    scratchRows.withUnsafeMutableBufferPointer { targetRows in
                        starts.withUnsafeMutableBufferPointer { starts in
                            for index in 0..<n {
                                let key = keys[index]
                                let bucket = Int((key >> shift) & mask)
                                let target = starts[bucket]
                                targetKeys[target] = key
                                targetRows[target] = rows[index]
                                starts[bucket] = target &+ 1
                            }
                        }
                    }
                }
            }
        }
        swap(&keys, &scratchKeys)
        swap(&rows, &scratchRows)
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

extension RadixSort {
    /// Stable LSD radix sort of row numbers by a 64-bit key read from the columns, in two
    /// halves: the low 32 bits, then the high 32. Each half gathers its 32-bit keys once (the
    /// only random reads), then sorts (key, row) pairs sequentially. Memory: 16 bytes a row
    /// while sorting, against 24 for a 64-bit (key, row) sort.
    static func sortRows<Keys: RadixKeys>(_ rows: inout [UInt32], by source: Keys) {
        let n = rows.count
        guard n > 1 else { return }
        var differing: UInt64 = 0
        let first = source.key(0)
        for index in 0..<n { differing |= source.key(index) ^ first }
        if differing == 0 { return }
        var keys = [UInt32](repeating: 0, count: n)
        var scratchKeys = [UInt32](repeating: 0, count: n)
        var scratchRows = [UInt32](repeating: 0, count: n)
        for half in 0..<2 {
            let shift = UInt64(half * 32)
            let differs = UInt32(truncatingIfNeeded: differing >> shift)
            if differs == 0 { continue }
            keys.withUnsafeMutableBufferPointer { keys in
                rows.withUnsafeBufferPointer { rows in
                    for index in 0..<n { keys[index] = UInt32(truncatingIfNeeded: source.key(Int(rows[index])) >> shift) }
                }
            }
            sortPairs(keys: &keys, rows: &rows, scratchKeys: &scratchKeys, scratchRows: &scratchRows, differs: differs)
        }
    }

    /// LSD passes of 11 bits over (32-bit key, row) pairs, only where keys differ.
    private static func sortPairs(
        keys: inout [UInt32], rows: inout [UInt32], scratchKeys: inout [UInt32], scratchRows: inout [UInt32],
        differs: UInt32
    ) {
        var starts = [Int](repeating: 0, count: buckets)
        for pass in 0..<3 {
            let shift = UInt32(pass * bits)
            if (differs >> shift) & UInt32(buckets - 1) == 0 { continue }
            for bucket in 0..<buckets { starts[bucket] = 0 }
            keys.withUnsafeBufferPointer { keys in
                starts.withUnsafeMutableBufferPointer { starts in
                    for key in keys { starts[Int((key >> shift) & UInt32(buckets - 1))] &+= 1 }
                    var total = 0
                    for bucket in 0..<buckets {
                        let size = starts[bucket]
                        starts[bucket] = total
                        total &+= size
                    }
                }
            }
            scatter(keys: &keys, rows: &rows, scratchKeys: &scratchKeys, scratchRows: &scratchRows, shift: Int(shift), starts: &starts)
        }
    }

    /// Stable counting sort of row numbers by a small key (`0..<range`).
    static func countingSortRows(_ rows: inout [UInt32], range: Int, key: (Int) -> Int) {
        var counts = [Int](repeating: 0, count: range + 1)
        for row in rows { counts[key(Int(row)) + 1] += 1 }
        for index in 1..<counts.count { counts[index] += counts[index - 1] }
        var sorted = [UInt32](repeating: 0, count: rows.count)
        for row in rows {
            let bucket = key(Int(row))
            sorted[counts[bucket]] = row
            counts[bucket] += 1
        }
        rows = sorted
    }
}
