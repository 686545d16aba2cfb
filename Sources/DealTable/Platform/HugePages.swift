import AlmanacCore

/// Asks the kernel to back big arrays with 2 MB pages (transparent huge pages, where the system
/// leaves them to `madvise`), so a read anywhere in them rarely misses the TLB.
///
/// Only for memory first written off the drawing thread: a re-sort's arrays, which it fills in
/// random order, and so the view they become (docs/architecture.md §8). A 2 MB page is zeroed
/// when first written — 4 ms on this machine — so the columns and the room a view grows into keep
/// small pages: with the whole arena and the columns advised, ingesting 10M deals had 238 merges
/// of over 2 ms, all page faults (faulting the columns in ahead on a thread only moved the stalls
/// to the allocations waiting for it; small pages are faulted in ahead instead, `PageFaulter`).
/// Measured at 10M: a re-sort by price 0.25–0.32× a plain sort with small pages, 0.12–0.20× with
/// 2 MB ones. Elsewhere, and for arrays under 4 MB, it does nothing.
enum HugePages {
    static let size = 2 << 20

    /// Advises the room of the first `count` elements of `array`.
    static func advise<Element>(_ array: inout [Element], count: Int) {
        let bytes = count * MemoryLayout<Element>.stride
        guard bytes >= 2 * size else { return }
        array.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { advise(UnsafeMutableRawPointer(base), bytes: bytes) }
        }
    }

    /// Advises the whole 2 MB pages inside `bytes` bytes at `base`.
    static func advise(_ base: UnsafeMutableRawPointer, bytes: Int) { OSTuning.adviseHugePages(base, bytes: bytes) }
}
