import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Shares one network request per key within a process: a second caller for the same key
/// waits for the first one's answer instead of sending its own.
actor InFlight {
    private var tasks: [String: Task<HTTPResponse, any Error>] = [:]

    func run(_ key: String, _ operation: @escaping @Sendable () async throws -> HTTPResponse) async throws -> HTTPResponse {
        if let task = tasks[key] { return try await task.value }
        let task = Task { try await operation() }
        tasks[key] = task
        defer { tasks[key] = nil }
        return try await task.value
    }
}
