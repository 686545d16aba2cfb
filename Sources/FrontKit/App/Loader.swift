import AlmanacClient
import AlmanacCore
import Foundation
import Synchronization
import TerminalKit

/// One piece of data a screen shows, loaded in the background: the screen draws whatever is
/// here now (a cached answer first, marked stale), and the next frame shows what landed since.
/// Keys are never blocked by it.
///
/// A newer load cancels the one it supersedes, and `cancel()` one the screen no longer shows:
/// its task is cancelled, so its transfer stops (docs/architecture.md §5). A loader of saves
/// (`saves: true`) never cancels: each save lands, in the order they were made.
package final class Loader<Value: Sendable>: Sendable {
    package enum State: Sendable {
        case idle
        case loading(previous: Value?)
        case loaded(Value, stale: Bool)
        case failed(String, previous: Value?)
    }

    private let state = Mutex<State>(.idle)
    private let generation = Mutex(0)
    private let landed = Mutex(0)
    private let running = Mutex<Task<Void, Never>?>(nil)
    private let saves: Bool

    /// - Parameter saves: true for a loader of saves, which a newer one never cancels.
    package init(saves: Bool = false) {
        self.saves = saves
    }

    package var current: State { state.withLock { $0 } }

    /// The newest value, whatever its state.
    package var value: Value? {
        switch current {
        case .idle: nil
        case .loading(let previous), .failed(_, let previous): previous
        case .loaded(let value, _): value
        }
    }

    /// True while a load runs, also once its stale value is shown and the final one is awaited.
    package var isUpdating: Bool {
        switch current {
        case .loading, .loaded(_, stale: true): true
        case .idle, .loaded, .failed: false
        }
    }

    package var isLoading: Bool {
        if case .loading = current { return true }
        return false
    }

    /// The failure's sentence, when the last load failed.
    package var failure: String? {
        if case .failed(let text, _) = current { return text }
        return nil
    }

    /// Starts `work` in the background (a newer load supersedes an older one still running).
    /// `work` may call its argument with a stale value to show before the final one.
    /// - Returns: the task, for a later load that must wait for this one to end.
    @discardableResult
    package func load(_ work: @escaping @Sendable (@escaping @Sendable (Value) -> Void) async throws -> Value) -> Task<Void, Never> {
        let ticket = generation.withLock { value -> Int in
            value += 1
            return value
        }
        let previous = value
        state.withLock { $0 = .loading(previous: previous) }
        let task = Task.detached { [self] in
            do {
                let value = try await work { stale in self.settle(ticket, .loaded(stale, stale: true)) }
                settle(ticket, .loaded(value, stale: false), final: true)
            } catch is CancellationError {
                // Superseded or cancelled: whoever did so has set the state already.
            } catch {
                settle(ticket, .failed(ErrorSentence.text(error, for: .menu), previous: self.value), final: true)
            }
        }
        let superseded = running.withLock { running in
            defer { running = task }
            return running
        }
        if !saves { superseded?.cancel() }
        return task
    }

    /// Cancels the load under way, if any (its transfer stops); what was shown before it stays,
    /// and the next `load` starts afresh. Nothing for a loader of saves.
    package func cancel() {
        guard !saves, isUpdating else { return }
        generation.withLock { $0 += 1 }
        running.withLock { $0 }?.cancel()
        let previous = value
        state.withLock { $0 = previous.map { .loaded($0, stale: false) } ?? .idle }
    }

    /// True once for each final answer or failure that landed since the caller last asked
    /// (`seen` keeps the caller's count): a screen reacts to a load once, whatever it returned.
    package func landedSince(_ seen: inout Int) -> Bool {
        let now = landed.withLock { $0 }
        defer { seen = now }
        return now != seen
    }

    /// Replaces the value at once (after a change the screen made itself).
    package func set(_ value: Value) {
        generation.withLock { $0 += 1 }
        state.withLock { $0 = .loaded(value, stale: false) }
    }

    private func settle(_ ticket: Int, _ new: State, final: Bool = false) {
        guard generation.withLock({ $0 == ticket }) else { return }
        state.withLock { $0 = new }
        if final { landed.withLock { $0 += 1 } }
        FrameLoop.screen.wake()  // the screen shows what landed in its next frame
    }
}
