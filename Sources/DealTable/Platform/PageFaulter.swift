import AlmanacCore
import Foundation

/// Faults in, on a thread of its own, memory that a growing buffer is about to write for the
/// first time, so the kernel's work for it (finding and zeroing each page) leaves the thread
/// that draws: when 10M deals arrive, page faults were a tenth of that thread's time
/// (docs/architecture.md §8).
///
/// It uses `MADV_POPULATE_WRITE` (Linux 5.14 and later), which maps pages writable without
/// writing them: safe beside the owner writing the same memory, and harmless if the buffer is
/// freed meanwhile (the range is then unmapped, or the heap's again). Small pages only, in
/// `step`-sized calls: a call holds the process's memory map for reading, and a frame that maps
/// or unmaps memory meanwhile waits for it (a 2 MB page is zeroed in 4 ms here). For the same
/// reason the thread runs at the drawing thread's priority: at nice 10 it could be taken off its
/// core in the middle of a call (its calls are short, and their work is the drawing thread's
/// own page faults). Elsewhere, or where the kernel refuses, it does nothing.
///
/// Each `DealStore` owns one (`DealStore.faulter`); its thread starts with the first request and
/// ends when the store lets it go (`stop`).
final class PageFaulter: Sendable {
    /// Bytes faulted in per call.
    static let step = 128 << 10

    /// What is asked and whether the thread runs; the faulting thread sleeps on the lock.
    private struct Requests {
        var ranges: [(start: UInt, end: UInt)] = []
        var running = false, refused = false, stopped = false
    }

    private let requests = WaitableLock(Requests())

    /// Starts the faulting thread if it is not running, so the first request does not start it
    /// in a frame (starting it took a 3–4 ms frame).
    func start() {
        if OSTuning.canPopulate { requests.withLock { startIfIdle(&$0) } }
    }

    /// Starts the thread unless it runs; wakes it otherwise. Call under the lock.
    private func startIfIdle(_ requests: inout Requests) {
        if requests.running {
            self.requests.broadcast()
        } else {
            requests.running = true
            JobPool.normal.run { self.serve() }
        }
    }

    /// Asks for the pages of `bytes` bytes at `start` to be faulted in; returns at once. False
    /// when the faulting thread holds its lock just then: the caller never waits for it (a
    /// thread taken off its core while holding a lock would hold the caller's frame), and asks
    /// again later.
    @discardableResult
    func populate(_ start: UnsafeRawPointer, bytes: Int) -> Bool {
        guard OSTuning.canPopulate, bytes > 0 else { return true }
        let first = UInt(bitPattern: Int(bitPattern: start))
        let asked: Void? = requests.withLockIfAvailable { requests in
            guard !requests.refused, !requests.stopped else { return }
            requests.ranges.append((first, first + UInt(bytes)))
            startIfIdle(&requests)
        }
        return asked != nil
    }

    /// Ends the faulting thread after its current call; later requests are ignored. Called by
    /// the owning store as it goes.
    func stop() {
        requests.withLock { requests in
            requests.stopped = true
            requests.ranges = []
        }
        requests.broadcast()
    }

    /// Faults in the ranges asked for, oldest first, until `stop` (it sleeps while there are none).
    private func serve() {
        while let range = nextRange() {
            // False when the kernel does not know the advice (before 5.14).
            if !OSTuning.populateWrite(from: range.start, to: range.end, step: UInt(Self.step)) {
                requests.withLock { requests in
                    requests.refused = true
                    requests.ranges = []
                }
            }
        }
    }

    /// The oldest range asked for, sleeping while there is none; nil once stopped.
    private func nextRange() -> (start: UInt, end: UInt)? {
        requests.withLockUntilDone { requests, _ in
            if requests.stopped { return .done(nil) }
            if requests.ranges.isEmpty { return .wait(until: nil) }
            return .done(requests.ranges.removeFirst())
        }
    }
}

/// How far a growing buffer's pages have been asked to be faulted in (`PageFaulter`): each
/// request runs `stretch` bytes ahead of what has been written, and the next is made when
/// writes come within half of that of its end. A buffer first seen is left to fault its first
/// stretch itself: a new buffer is mostly a view that just landed, when the drawing thread also
/// maps memory for the next job, and faulting beside that held frames 5–6 ms at 10M (3 of about
/// 12 runs of a re-sort landing under a filter, none of 4 with the faulter off).
struct FaultAhead: Sendable {
    /// Bytes asked for at a time.
    static let stretch = 512 << 10

    private var base = 0, asked = 0

    /// Records how much of `array` is written (its count) out of its room (its capacity).
    mutating func wrote<Element>(_ array: [Element], faulter: PageFaulter) {
        let stride = MemoryLayout<Element>.stride
        let base = array.withUnsafeBufferPointer(\.baseAddress).map(UnsafeRawPointer.init)
        wrote(array.count * stride, capacity: array.capacity * stride, base: base, faulter: faulter)
    }

    /// Records that the buffer at `base` (holding `capacity` bytes) has `written` bytes written,
    /// and asks `faulter` for the next stretch when they near the end of what was asked.
    @inline(__always)
    mutating func wrote(_ written: Int, capacity: Int, base pointer: UnsafeRawPointer?, faulter: PageFaulter) {
        guard let pointer else { return }
        let address = Int(bitPattern: pointer)
        if address != base { (base, asked) = (address, written + Self.stretch) }  // a new buffer
        guard asked - written < Self.stretch / 2, asked < capacity else { return }
        let end = min(capacity, max(asked, written) + Self.stretch)
        let from = max(asked, written)
        if faulter.populate(pointer + from, bytes: end - from) { asked = end }
    }
}
