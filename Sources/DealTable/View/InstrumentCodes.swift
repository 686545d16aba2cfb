import AlmanacCore

/// The deals table's instrument names, each with a code (its index in `names`), found for every
/// arriving deal without hashing the string.
///
/// Why: a `[String: UInt16]` lookup runs the standard library's seeded SipHash over the name,
/// and at 10M deals that was about a tenth of the merging thread's time (`almanac-bench
/// deals-rss --times` under `perf`). Here a name of up to 15 UTF-8 bytes (every instrument a
/// feed has sent so far, e.g. `EUR/USD_TOD`) is copied into two words which, with its length,
/// are both its hash and its identity in an open-addressed table; longer names (and strings
/// without contiguous UTF-8) go to a dictionary.
struct InstrumentCodes: Sendable {
    /// Names in order of first arrival: a code is an index here.
    private(set) var names: [String] = []
    /// Open-addressed table of packed names: a power of two in size, at most half full.
    private var slots: [Slot] = Array(repeating: Slot(), count: 64)
    /// Names the table cannot pack.
    private var others: [String: UInt16] = [:]

    private struct Slot: Sendable {
        var name = Packed(low: 0, high: 0, length: 0)
        /// The name's code plus one; 0: the slot is free.
        var codePlusOne: UInt32 = 0
    }

    /// The code of `name`, and whether it is new (then it was given the next code). Codes wrap
    /// past 65,535 names.
    mutating func code(for name: String) -> (code: UInt16, added: Bool) {
        guard let packed = Self.packed(name) else { return otherCode(for: name) }
        let mask = slots.count - 1
        var index = Self.hash(packed) & mask
        while slots[index].codePlusOne != 0 {
            if slots[index].name == packed {
                return (UInt16(truncatingIfNeeded: slots[index].codePlusOne - 1), false)
            }
            index = (index + 1) & mask
        }
        let code = UInt32(names.count)
        names.append(name)
        slots[index] = Slot(name: packed, codePlusOne: code + 1)
        if names.count * 2 > slots.count { grow() }
        return (UInt16(truncatingIfNeeded: code), true)
    }

    private mutating func otherCode(for name: String) -> (code: UInt16, added: Bool) {
        if let known = others[name] { return (known, false) }
        let code = UInt16(truncatingIfNeeded: names.count)
        names.append(name)
        others[name] = code
        return (code, true)
    }

    /// Twice the slots, every packed name put back.
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot.codePlusOne != 0 {
            var index = Self.hash(slot.name) & mask
            while slots[index].codePlusOne != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// A name of at most 15 UTF-8 bytes: the bytes in two words (zero after the last), and
    /// how many there are.
    struct Packed: Equatable, Sendable {
        var low, high: UInt64
        var length: UInt8
    }

    /// `name` packed; nil for more than 15 bytes or no contiguous UTF-8.
    @inline(__always)
    static func packed(_ name: String) -> Packed? {
        let packed = name.utf8.withContiguousStorageIfAvailable { bytes -> Packed? in
            guard bytes.count <= 15 else { return nil }
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
            return Packed(low: words.0, high: words.1, length: UInt8(bytes.count))
        }
        return packed ?? nil
    }

    @inline(__always)
    private static func hash(_ packed: Packed) -> Int {
        let mixed = (packed.low &* 0x9E37_79B9_7F4A_7C15) ^ ((packed.high ^ UInt64(packed.length)) &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 29))
    }
}
