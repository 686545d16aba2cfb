import AlmanacCore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

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

    private struct State {
        var ranges: [(start: UInt, end: UInt)] = []
        var running = false
        var refused = false
        var stopped = false

        /// Marks the thread as running; true when the caller must start it.
        mutating func claimStart() -> Bool {
            defer { running = true }
            return !running
        }
    }

    private let state = Mutex(State())
    /// A pipe the faulting thread sleeps on (`read`) and each request or `stop` writes a byte
    /// to: a wake-up is never lost, and the writer never waits (its end does not block).
    private let wakeRead: Int32
    private let wakeWrite: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        } else {
            ends = [-1, -1]
        }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
        if wakeRead < 0 { state.withLock { $0.refused = true } }  // no pipe: no faulting thread
    }

    deinit {
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    /// Starts the faulting thread if it is not running, so the first request does not start it
    /// in a frame (starting it took a 3–4 ms frame).
    func start() {
        guard OSTuning.canPopulate else { return }
        if state.withLock({ !$0.refused && $0.claimStart() }) { JobPool.normal.run { self.serve() } }
    }

    /// Asks for the pages of `bytes` bytes at `start` to be faulted in; returns at once. False
    /// when the faulting thread holds the state's lock just then: the caller never waits for it
    /// (a thread taken off its core while holding a lock would hold the caller's frame), and asks
    /// again later.
    @discardableResult
    func populate(_ start: UnsafeRawPointer, bytes: Int) -> Bool {
        guard OSTuning.canPopulate, bytes > 0 else { return true }
        let first = UInt(bitPattern: Int(bitPattern: start))
        let asked: Bool?? = state.withLockIfAvailable { state in
            guard !state.refused, !state.stopped else { return nil }
            state.ranges.append((first, first + UInt(bytes)))
            return state.claimStart()
        }
        guard let asked else { return false }
        if asked == true { JobPool.normal.run { self.serve() } } else if asked == false { wake() }
        return true
    }

    /// Ends the faulting thread after its current call; later requests are ignored. Called by
    /// the owning store as it goes.
    func stop() {
        state.withLock { state in
            state.stopped = true
            state.ranges = []
        }
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)  // a full pipe already holds wake-ups enough
    }

    /// Faults in the ranges asked for, oldest first, until `stop`; with none, it sleeps in
    /// `read` on the pipe until a request or `stop` writes to it.
    private func serve() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let (range, stopped) = state.withLock { state in
                (state.stopped || state.ranges.isEmpty ? nil : state.ranges.removeFirst(), state.stopped)
            }
            if stopped { return }
            guard let range else {
                _ = read(wakeRead, &bytes, bytes.count)
                continue
            }
            if !fault(range) {
                state.withLock { state in
                    state.refused = true
                    state.ranges = []
                }
            }
        }
    }

    /// False when the kernel does not know the advice (before 5.14).
    private func fault(_ range: (start: UInt, end: UInt)) -> Bool {
        OSTuning.populateWrite(from: range.start, to: range.end, step: UInt(Self.step))
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

    private var base = 0
    private var asked = 0

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
