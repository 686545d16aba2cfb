import AlmanacCore

/// A growable column whose copies share their elements: one of the deals table's columns.
///
/// Elements are only ever appended, and an element once written never moves or changes while
/// any copy holds the buffer it sits in. So a copy is a snapshot of the rows written so far
/// that another thread can read while the owner keeps appending — a background re-sort reads the
/// live columns in place instead of copying them (160 MB at 10M deals, docs/architecture.md §5).
///
/// Copies keep value semantics: a copy that appends when it is not the latest writer of its
/// buffer moves to a buffer of its own first. Appending happens on one thread at a time (the
/// table's owner); reading a copy is safe from any thread.
struct AppendOnlyColumn<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
    // @unchecked: the buffer's elements below a copy's `count` are never written again, and the
    // mutable `written` is only touched by the thread that appends.

    /// The elements' memory. Freed when the last copy lets go of it.
    private final class Buffer {
        let base: UnsafeMutablePointer<Element>
        let capacity: Int
        /// Elements written by the latest appender: a copy whose `count` differs is stale.
        var written = 0

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: Swift.max(1, capacity))
        }

        deinit { base.deallocate() }
    }

    private var buffer: Buffer
    /// Elements in this copy.
    private(set) var count = 0
    private var ahead = FaultAhead()

    /// An empty column; no memory is taken until the first append or `reserve`.
    init() { buffer = Buffer(capacity: 0) }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    var capacity: Int { buffer.capacity }

    @inline(__always)
    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "AppendOnlyColumn index out of range")
        return buffer.base[index]
    }

    /// Appends `element`, moving to a bigger buffer (twice the size) when full.
    @inline(__always)
    mutating func append(_ element: Element) {
        if count == buffer.capacity || count != buffer.written { move(toCapacity: Swift.max(16, buffer.capacity * 2, count + 1)) }
        buffer.base[count] = element
        count += 1
        buffer.written = count
    }

    /// Has the pages the next appends will write faulted in off this thread, by `faulter`.
    mutating func faultAhead(_ faulter: PageFaulter) {
        let stride = MemoryLayout<Element>.stride
        ahead.wrote(count * stride, capacity: buffer.capacity * stride, base: UnsafeRawPointer(buffer.base), faulter: faulter)
    }

    /// Room for `total` elements without moving again. A move copies the elements into a new
    /// buffer; copies still reading the old one keep it until they let go.
    mutating func reserve(_ total: Int) {
        guard total > buffer.capacity else { return }
        move(toCapacity: total)
    }

    private mutating func move(toCapacity capacity: Int) {
        let fresh = Buffer(capacity: capacity)
        fresh.base.initialize(from: buffer.base, count: count)
        fresh.written = count
        buffer = fresh
    }

    /// Calls `body` with the elements in place; the pointer is valid only inside `body`.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(buffer) { try body(UnsafeBufferPointer(start: buffer.base, count: count)) }
    }
}
