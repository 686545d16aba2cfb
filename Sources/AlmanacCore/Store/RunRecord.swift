import Foundation
import Synchronization

/// What one run read and printed, while a command that may be replayed records it
/// (`RunMemo`, docs/architecture.md §5, "A repeated glance"): every file it read, looked at or
/// listed (by path, in the order first met), the bytes it wrote to stdout, until when its output
/// holds, and whether anything spoilt it for replay (a write to stderr; an answer that was not a
/// fresh cache entry or the sample data).
///
/// Off unless `start()` was called; every hook then costs one atomic load. Process-wide, as the
/// run it describes is: the hooks sit where every file read (`FileBytes`, `DirectoryNames`,
/// `FileStamp`) and every write to the terminal (`Console.writeRaw`) already passes.
package enum RunRecord {
    /// A finished record.
    package struct Recorded: Sendable, Equatable {
        /// When the run began (its output was worked out for this instant).
        package var started: Date
        /// Every file or folder the run read or looked at, each once.
        package var paths: [String] = []
        /// Everything written to stdout.
        package var output: [UInt8] = []
        /// The output holds until here: the end of the clock minute the run began in, or earlier
        /// when an answer or a text it shows changes sooner (`holds(until:)`).
        package var until: Date
        /// Something made the output unfit to replay.
        package var spoilt = false
    }

    private static let recording = Atomic<Bool>(false)
    private static let state = Mutex<(record: Recorded, seen: Set<String>)?>(nil)

    /// Starts recording, the run having begun at `now`.
    package static func start(now: Date = Date()) {
        state.withLock { $0 = (Recorded(started: now, until: minuteEnd(now)), []) }
        recording.store(true, ordering: .releasing)
    }

    /// Stops recording and returns what was recorded; nil when nothing was.
    package static func finish() -> Recorded? {
        recording.store(false, ordering: .releasing)
        return state.withLock { kept in
            defer { kept = nil }
            return kept?.record
        }
    }

    /// Whether a run is being recorded.
    package static var isOn: Bool { recording.load(ordering: .acquiring) }

    /// The end of the clock minute `date` is in: every text a glance shows is good to the minute
    /// (the clock, the current hour's forecast step, today) unless it says otherwise.
    package static func minuteEnd(_ date: Date) -> Date {
        Date(timeIntervalSince1970: ((date.timeIntervalSince1970 / 60).rounded(.down) + 1) * 60)
    }

    /// The run read or looked at the file or folder at `path`.
    package static func read(_ path: String) {
        guard isOn else { return }
        state.withLock { kept in
            guard kept != nil, kept!.seen.insert(path).inserted else { return }
            kept!.record.paths.append(path)
        }
    }

    /// The run wrote `bytes` to `descriptor`: kept from stdout; anything else spoils the record.
    package static func wrote(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        guard isOn else { return }
        state.withLock { kept in
            if descriptor == STDOUT_FILENO { kept?.record.output.append(contentsOf: bytes) } else { kept?.record.spoilt = true }
        }
    }

    /// What the run shows stops being true at `date` (a cache entry's freshness, an age in words).
    package static func holds(until date: Date) {
        guard isOn else { return }
        state.withLock { kept in
            if let until = kept?.record.until, date < until { kept!.record.until = date }
        }
    }

    /// The output must not be replayed (an answer from the network or a stale one).
    package static func spoil() {
        guard isOn else { return }
        state.withLock { $0?.record.spoilt = true }
    }

    /// `text` for `now`; when recording, a text that would read differently by the end of the
    /// minute `now` is in (the moon's age, which turns at any second) spoils the record.
    package static func steady(_ now: Date, _ text: (Date) -> String) -> String {
        let value = text(now)
        if isOn, text(minuteEnd(now).addingTimeInterval(-0.001)) != value { spoil() }
        return value
    }
}
