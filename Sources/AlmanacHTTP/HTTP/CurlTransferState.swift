import AlmanacCore
import Foundation

/// The mutable state of one transfer, reached from curl's C callbacks via an opaque pointer.
final class CurlTransferState {
    var body = Data()
    var headerLines: [String] = []
    let maxBytes: Int
    var received = 0
    var exceededLimit = false
    /// When set, body bytes are handed over as they arrive instead of buffered;
    /// returning false aborts the transfer.
    let onChunk: ((Data) -> Bool)?
    var abortedByReceiver = false
    /// Aborts the transfer when set (the waiting task was cancelled).
    let cancellation: OnceFlag?

    init(maxBytes: Int, onChunk: ((Data) -> Bool)?, cancellation: OnceFlag? = nil) {
        self.maxBytes = maxBytes
        self.onChunk = onChunk
        self.cancellation = cancellation
    }

    /// The status of the response being received (from its status line); 0 before it.
    var status = 0

    /// Whether the response being received is a redirect, whose body is dropped unread.
    var isRedirect: Bool { RedirectPolicy.statuses.contains(status) }

    func appendBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if isRedirect { return true }
        received += bytes.count
        if received > maxBytes && onChunk == nil {
            exceededLimit = true
            return false
        }
        if let onChunk {
            if !onChunk(Data(bytes)) {
                abortedByReceiver = true
                return false
            }
        } else {
            body.append(contentsOf: bytes)
        }
        return true
    }

    func appendHeader(_ line: String) {
        if line.hasPrefix("HTTP/") {
            headerLines.removeAll()
            status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        }
        headerLines.append(line)
    }

    /// Header names lowercased; a field sent on several lines is one value, its lines joined by
    /// `, ` in order (RFC 9110 §5.3), so the cache can tell the first `Age` from the last and two
    /// `Expires` lines make no date.
    var headers: [String: String] {
        var result: [String: String] = [:]
        for line in headerLines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingWhitespace().lowercased()
            let value = line[line.index(after: colon)...].trimmingWhitespaceAndNewlines()
            result[name] = result[name].map { $0 + ", " + value } ?? value
        }
        return result
    }
}
