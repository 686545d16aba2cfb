import AlmanacCore
import Foundation

/// A completed HTTP exchange as the transport saw it.
package struct HTTPResponse: Sendable, Equatable {
    package var status: Int
    /// Header names in lowercase; the last value wins.
    package var headers: [String: String]
    package var body: Data
    /// Wall time of the transfer in seconds.
    package var elapsed: TimeInterval

    package init(status: Int, headers: [String: String] = [:], body: Data = Data(), elapsed: TimeInterval = 0) {
        self.status = status
        self.headers = headers
        self.body = body
        self.elapsed = elapsed
    }

    package func header(_ name: String) -> String? { headers[name.lowercased()] }

    package var isSuccess: Bool { (200..<300).contains(status) }

    /// `Retry-After` in seconds (delta form or HTTP date), if present and sensible.
    package func retryAfter(now: Date = Date()) -> TimeInterval? {
        guard let value = header("retry-after")?.trimmingWhitespace() else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        guard let date = HTTPDate.parse(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
