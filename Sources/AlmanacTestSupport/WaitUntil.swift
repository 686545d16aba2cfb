import Foundation

/// Checks `condition` every 20 ms until it holds or `seconds` pass; whether it held. For tests
/// waiting on another thread or process (a server seeing a request, a load landing).
package func waitUntil(seconds: TimeInterval = 3, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline, !condition() { Thread.sleep(forTimeInterval: 0.02) }
    return condition()
}
