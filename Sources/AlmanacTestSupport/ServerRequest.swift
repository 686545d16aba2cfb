import AlmanacCore
import AlmanacHTTP
import Foundation

/// A request as the loopback server received it.
package struct ServerRequest: Sendable {
    package var method: String
    /// The path without the query, percent-decoded.
    package var path: String
    /// The raw target: path and query as sent.
    package var target: String
    /// Query parameters, percent-decoded, in order.
    package var query: [(name: String, value: String)]
    /// Header names lowercased.
    package var headers: [String: String]
    package var body: Data

    package func header(_ name: String) -> String? { headers[name.lowercased()] }

    package func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }

    init(method: String, target: String, headers: [String: String], body: Data) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        query =
            parts.count > 1
            ? parts[1].split(separator: "&").map { pair in
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(kv[0]).removingPercentEncoding ?? String(kv[0])
                let value = kv.count > 1 ? (String(kv[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(kv[1])) : ""
                return (name, value)
            } : []
    }
}
