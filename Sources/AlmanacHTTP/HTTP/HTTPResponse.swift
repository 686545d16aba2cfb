import AlmanacCore
import Foundation

/// A completed HTTP exchange as the transport saw it.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Header names in lowercase; the last value wins.
    public var headers: [String: String]
    public var body: Data
    /// Wall time of the transfer in seconds.
    public var elapsed: TimeInterval

    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), elapsed: TimeInterval = 0) {
        self.status = status
        self.headers = headers
        self.body = body
        self.elapsed = elapsed
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// `Retry-After` in seconds (delta form or HTTP date), if present and sensible.
    public func retryAfter(now: Date = Date()) -> TimeInterval? {
        guard let value = header("retry-after")?.trimmingWhitespace() else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        guard let date = HTTPDate.parse(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
