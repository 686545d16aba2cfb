import AlmanacCore
import Foundation

/// Frame times of a full-screen session: how many, the worst, how many went over 16 ms (a
/// dropped frame at 60 a second). Saved as one line, `frames=N worst_ms=W over_16ms=K`, to
/// `file` when set (`ALMANAC_FRAME_LOG`); nothing is kept otherwise.
package struct FrameStats {
    package let file: URL?
    package private(set) var count = 0
    package private(set) var worst = 0.0
    package private(set) var over16 = 0

    package init(file: URL?) {
        self.file = file
    }

    /// The slowest frames: keys, ticks and draw, the drawing thread's times, the keys applied and
    /// the frame's number (1 is the first).
    private var slowest: [(total: Double, parts: [Double], thread: ThreadTimes, keys: String, frame: Int)] = []

    /// The calling thread's times so far, read only when there is a log to write (two reads of
    /// a `/proc` file a frame otherwise spent for nothing).
    package func threadTimes() -> ThreadTimes {
        file == nil ? ThreadTimes() : ThreadTimes.now()
    }

    /// Counts one frame: its keys, ticks and draw, and `thread`, what the drawing thread did
    /// meanwhile, in seconds (nothing is kept without a file). A slow frame whose processor time is
    /// far below its length either waited for a core (`queued`) or was blocked (the rest).
    package mutating func add(keys: TimeInterval, ticks: TimeInterval, draw: TimeInterval, thread: ThreadTimes = .init(), typed: [Key]) {
        guard file != nil else { return }
        let seconds = keys + ticks + draw
        count += 1
        worst = max(worst, seconds)
        if seconds > 0.016 {
            over16 += 1
            slowest.append((seconds, [keys, ticks, draw], thread, typed.map { "\($0)" }.joined(separator: " "), count))
            slowest = Array(slowest.sorted { $0.total > $1.total }.prefix(8))
        }
    }

    /// Writes the line (best effort: a soak reads it, a user never needs it).
    package func save() {
        guard let file else { return }
        var line = "frames=\(count) worst_ms=\(String(format: "%.2f", worst * 1000)) over_16ms=\(over16)\n"
        for frame in slowest {
            let blocked = max(0, frame.total - frame.thread.cpu - frame.thread.queued)
            line += "slow \(milliseconds(frame.total)) ms, frame \(frame.frame) "
            line += "(cpu \(milliseconds(frame.thread.cpu)), queued \(milliseconds(frame.thread.queued)), "
            line += "blocked \(milliseconds(blocked)), cores stolen \(milliseconds(frame.thread.stolen))): keys/ticks/draw "
            line += frame.parts.map(milliseconds).joined(separator: "/") + " after [\(frame.keys)]\n"
        }
        try? AtomicFile.write(Data(line.utf8), to: file, permissions: 0o644)
    }

    private func milliseconds(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
}

extension FrameStats {
    /// Seconds on the monotonic clock (from an arbitrary start), for frame durations.
    package static func monotonicTime() -> TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// Processor time the calling thread has used, in seconds.
    package static func threadCPUTime() -> TimeInterval {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
