import Foundation

/// Checks `condition` every `interval` seconds (20 ms by default) until it holds or `seconds`
/// pass; whether it held. For tests waiting on another thread or process (a server seeing a
/// request, a load landing, a frame drawn): the one place a test's thread sleeps to wait.
package func waitUntil(seconds: TimeInterval = 3, every interval: TimeInterval = 0.02, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        if condition() { return true }
        if Date() >= deadline { return false }
        Thread.sleep(forTimeInterval: interval)
    }
}
