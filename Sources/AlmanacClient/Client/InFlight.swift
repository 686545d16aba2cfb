import AlmanacCore
import AlmanacHTTP
import Foundation
import Synchronization

/// Shares one network request per key within a process (docs/architecture.md §5): a second
/// caller for the same key waits for the first one's transfer instead of sending its own.
///
/// Each caller waits on its own continuation, so a caller whose task is cancelled leaves at once
/// with `CancellationError`; the transfer goes on while anyone still waits for it, and is
/// cancelled (curl aborts it, the connection closes) when the last waiter leaves. The transfer
/// runs as a task on the executor the first caller prefers (a command's `CallerThreadExecutor`).
final class InFlight: Sendable {
    private typealias Waiter = CheckedContinuation<HTTPResponse, any Error>

    /// One shared transfer: the ticket of the caller that started it, its task, and the callers
    /// waiting for it, by ticket.
    private struct Shared {
        let id: Int
        var task: Task<Void, Never>?
        var waiters: [Int: Waiter]
    }

    private struct State {
        var nextTicket = 0
        var shared: [String: Shared] = [:]
    }

    private enum Joined { case refused, waiting, first }

    private let state = Mutex(State())

    init() {}

    /// The answer of the transfer for `key`, started with `operation` unless one is under way.
    /// - Throws: `CancellationError` as soon as the caller's task is cancelled; else what the
    ///   transfer threw.
    func run(_ key: String, _ operation: @escaping @Sendable () async throws -> HTTPResponse) async throws -> HTTPResponse {
        let ticket = state.withLock { state -> Int in
            state.nextTicket += 1
            return state.nextTicket
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: Waiter) in
                join(key, ticket: ticket, waiter: waiter, operation: operation)
            }
        } onCancel: {
            leave(key, ticket: ticket)
        }
    }

    /// Keys with a transfer under way.
    var keys: [String] { state.withLock { Array($0.shared.keys) } }

    private func join(_ key: String, ticket: Int, waiter: Waiter, operation: @escaping @Sendable () async throws -> HTTPResponse) {
        // The task's cancelled flag is set before its handler (`leave`) runs, and both take the
        // lock: a caller cancelled meanwhile is refused here or removed there, never left waiting.
        let joined = state.withLock { state -> Joined in
            if Task.isCancelled { return .refused }
            if state.shared[key] != nil {
                state.shared[key]?.waiters[ticket] = waiter
                return .waiting
            }
            state.shared[key] = Shared(id: ticket, waiters: [ticket: waiter])
            return .first
        }
        switch joined {
        case .refused: waiter.resume(throwing: CancellationError())
        case .waiting: break
        case .first:
            let task = Task(executorPreference: CallerThreadExecutor.current) { [self] in
                do { finish(key, id: ticket, .success(try await operation())) } catch { finish(key, id: ticket, .failure(error)) }
            }
            let kept = state.withLock { state -> Bool in
                guard state.shared[key]?.id == ticket else { return false }
                state.shared[key]?.task = task
                return true
            }
            if !kept { task.cancel() }  // every caller left before the task was stored
        }
    }

    /// A cancelled caller leaves at once; the last one to leave cancels the transfer.
    private func leave(_ key: String, ticket: Int) {
        let (waiter, orphaned) = state.withLock { state -> (Waiter?, Task<Void, Never>?) in
            guard let waiter = state.shared[key]?.waiters.removeValue(forKey: ticket) else { return (nil, nil) }
            guard state.shared[key]?.waiters.isEmpty == true else { return (waiter, nil) }
            return (waiter, state.shared.removeValue(forKey: key)?.task)
        }
        waiter?.resume(throwing: CancellationError())
        orphaned?.cancel()
    }

    /// The transfer `id` ended: every caller still waiting for it gets its result.
    private func finish(_ key: String, id: Int, _ result: Result<HTTPResponse, any Error>) {
        let waiters = state.withLock { state -> [Waiter] in
            guard let shared = state.shared[key], shared.id == id else { return [] }  // all left
            state.shared[key] = nil
            return Array(shared.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }
}
