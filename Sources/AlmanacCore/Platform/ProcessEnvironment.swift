import Foundation

/// The process's environment variables.
package enum ProcessEnvironment {
    /// Every variable, as Foundation reads them. (A hand-written reader of `environ` saved
    /// 0.0–1.3 % of a sample command's whole-process time, under the budget: docs/benchmarks.md.)
    package static func variables() -> [String: String] {
        ProcessInfo.processInfo.environment
    }
}
