import AlmanacCore
import AlmanacHTTP
import Foundation
import Synchronization

/// "Asking MET Norway…" on a terminal's stderr while a request has taken over a second, erased
/// when the last answer comes (docs/architecture.md §3, "Who answers"). Never on a status bar's
/// run or off a terminal (`Console.status` writes nothing there).
final class AskingLine: Sendable {
    /// How long a request runs before the line shows: 1 s.
    static let delay: TimeInterval = 1
    private let console: Console
    private let quiet: Bool
    /// How `delay` passes: `Task.sleep` by default (cancelled when the answer comes first).
    private let wait: @Sendable (TimeInterval) async throws -> Void
    /// Providers asked now, by name, with how many requests each; and whether the line shows.
    private let state = Mutex((asked: [String: Int](), shown: false))

    init(
        console: Console, quiet: Bool,
        wait: @escaping @Sendable (TimeInterval) async throws -> Void = { try await Task.sleep(nanoseconds: UInt64($0 * 1e9)) }
    ) {
        (self.console, self.quiet, self.wait) = (console, quiet, wait)
    }

    /// Runs `work`, a request to `provider`, with the line shown after `delay` while it runs.
    func around<T>(_ provider: Provider, _ work: () async throws -> T) async throws -> T {
        guard !quiet, console.errIsTerminal else { return try await work() }
        let name = provider.brand
        state.withLock { $0.asked[name, default: 0] += 1 }
        let timer = Task { [self] in
            try await wait(Self.delay)
            show()
        }
        defer {
            timer.cancel()
            finish(name)
        }
        return try await work()
    }

    private func show() {
        let names = state.withLock { state -> [String] in
            state.shown = !state.asked.isEmpty
            return state.asked.keys.sorted()
        }
        if !names.isEmpty { console.status("Asking \(names.joined(separator: ", "))…") }
    }

    private func finish(_ name: String) {
        let clear = state.withLock { state -> Bool in
            state.asked[name, default: 1] -= 1
            if state.asked[name] == 0 { state.asked[name] = nil }
            guard state.asked.isEmpty, state.shown else { return false }
            state.shown = false
            return true
        }
        if clear { console.clearStatus() }
    }
}
