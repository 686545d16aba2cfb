import Foundation

/// The run's environment variables (the process's, or an `Invocation`'s).
package enum ProcessEnvironment {
    /// Every variable, as Foundation reads them. (A hand-written reader of `environ` saved
    /// 0.0–1.3 % of a sample command's whole-process time, under the budget: docs/benchmarks.md.)
    package static func variables() -> [String: String] {
        Invocation.environment
    }
}
