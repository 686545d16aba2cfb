import AlmanacCore
import Foundation
import Synchronization

/// The one frame loop of the full-screen views, the app and `deals browse`
/// (docs/architecture.md §5). A frame is drawn when something happens — a key, a resize, a load
/// landing, deals arriving — or when a timer the frame asked for is due (an animation, a
/// countdown, ages on screen), never on a fixed poll: idle, the drawing thread sleeps.
///
/// Each frame returns how soon it needs the next one. At 60 a second or faster (deals being
/// merged) the loop sleeps out the rest of the 1/60 s and is not woken early, so a stream of
/// arrivals cannot push it past 60 frames a second; longer, any `wake()` ends the sleep.
package final class FrameLoop: Sendable {
    /// The shortest gap between frames: 60 a second.
    package static let fastest: TimeInterval = 1.0 / 60
    /// The longest sleep with nothing happening: ages and countdowns on screen tick once a second.
    package static let idle: TimeInterval = 1.0

    private struct State {
        /// A wake came while no frame was sleeping: the next sleep returns at once.
        var woken = false
        /// The sleeping frame, by the number of its sleep (the timer wakes only its own).
        var sleeper: (number: Int, continuation: CheckedContinuation<Void, Never>)?
        var sleeps = 0
    }

    private let state = Mutex(State())

    /// The loop of the process's one screen: what lands for it (a load, deals, a key) wakes it.
    package static let screen = FrameLoop()

    package init() {}

    /// Asks for a frame now; from any thread, cheap, coalesced.
    package func wake() {
        let sleeper = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let sleeper = state.sleeper else {
                state.woken = true
                return nil
            }
            state.sleeper = nil
            return sleeper.continuation
        }
        sleeper?.resume()
    }

    /// Runs `frame` until it returns nil (quit); each returned interval is how soon, in
    /// seconds, the next frame is needed without any event (`idle` at most).
    package func run(_ frame: () async throws -> TimeInterval?) async rethrows {
        while true {
            let started = FrameStats.monotonicTime()
            guard let interval = try await frame() else { return }
            let left = min(interval, Self.idle) - (FrameStats.monotonicTime() - started)
            if interval <= Self.fastest {
                if left > 0 { try? await Task.sleep(nanoseconds: UInt64(left * 1e9)) }
                state.withLock { $0.woken = false }  // this frame comes anyway
            } else {
                await sleep(upTo: max(0, left))
            }
        }
    }

    /// Sleeps until `wake()` or until `seconds` pass, whichever is first.
    package func sleep(upTo seconds: TimeInterval) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let number = state.withLock { state -> Int? in
                if state.woken {
                    state.woken = false
                    return nil
                }
                state.sleeps += 1
                state.sleeper = (state.sleeps, continuation)
                return state.sleeps
            }
            guard let number else { return continuation.resume() }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
                let due = state.withLock { state -> CheckedContinuation<Void, Never>? in
                    guard let sleeper = state.sleeper, sleeper.number == number else { return nil }
                    state.sleeper = nil
                    return sleeper.continuation
                }
                due?.resume()
            }
        }
    }
}
