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
            let shift = UInt64(pass * bits)
            keys.withUnsafeBufferPointer { keys in
                rows.withUnsafeBufferPointer { rows in
                    scratchKeys.withUnsafeMutableBufferPointer { targetKeys in
                        scratchRows.withUnsafeMutableBufferPointer { targetRows in
                            starts.withUnsafeMutableBufferPointer { starts in
                                for index in 0..<n {
                                    let key = keys[index]
                                    let bucket = Int((key >> shift) & UInt64(buckets - 1))
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
