import AlmanacCore
import Foundation
import Synchronization

/// The live transport: libcurl easy handles run on background threads.
///
/// Idle handles are pooled, so sequential requests reuse connections and
/// concurrent requests each get their own handle.
package final class CurlTransport: HTTPTransport, Sendable {
    /// Idle curl handles (C pointers, not Sendable) kept for reuse.
    private let idle = Mutex<[CurlEasy]>([])
    private let maxIdle: Int

    /// - Parameter maxIdle: handles kept for reuse; 8 by default.
    package init(maxIdle: Int = 8) {
        self.maxIdle = maxIdle
    }

    /// Sends through libcurl on a thread of `JobPool.normal`; the task's cancellation aborts the transfer
    /// at curl's next progress callback (docs/architecture.md §5).
    package func send(_ request: PreparedRequest) async throws -> HTTPResponse {
        try await run { easy, cancellation in try easy.perform(request, cancellation: cancellation) }
    }

    /// Sends a request and hands body bytes to `onChunk` as they arrive (no buffering).
    /// Return false from `onChunk` to stop the transfer early.
    package func stream(_ request: PreparedRequest, onChunk: @escaping @Sendable (Data) -> Bool) async throws -> HTTPResponse {
        try await run { easy, cancellation in try easy.perform(request, onChunk: onChunk, cancellation: cancellation) }
    }

    /// Runs a transfer on the blocking pool; cancelling the calling task aborts it (curl's
    /// progress callback sees the flag) and throws `CancellationError`.
    private func run(_ body: @escaping @Sendable (CurlEasy, OnceFlag) throws -> HTTPResponse) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let easy = try checkout()
        let box = EasyBox(easy)
        let cancellation = OnceFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                JobPool.normal.run { [self] in
                    let result = Result { try body(box.easy, cancellation) }
                    self.checkin(box.easy)
                    continuation.resume(with: result)
                }
            }
        } onCancel: {
            cancellation.raise()
        }
    }

    private func checkout() throws -> CurlEasy {
        if let box = idle.withLock({ $0.popLast().map(EasyBox.init) }) { return box.easy }
        return try CurlEasy()
    }

    private func checkin(_ easy: CurlEasy) {
        let box = EasyBox(easy)
        idle.withLock { idle in
            if idle.count < maxIdle { idle.append(box.easy) }
        }
    }
}

/// Carries a handle across the thread hop; only one thread touches it at a time.
// @unchecked: carries one curl handle (a C pointer) to the thread that runs its transfer; only
// that thread touches it until the transfer ends.
private final class EasyBox: @unchecked Sendable {
    let easy: CurlEasy
    init(_ easy: CurlEasy) { self.easy = easy }
}
