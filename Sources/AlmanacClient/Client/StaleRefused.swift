import AlmanacCore
import Foundation

/// A stored answer the server said `must-revalidate` for, stale, whose revalidation failed: it
/// is not shown (RFC 9111 §5.2.2.2; docs/architecture.md §4). Exit 69, like the failure itself.
package struct StaleRefused: Error, CustomStringConvertible {
    /// What was asked, in words ("the weather at 59.91,10.75").
    package var what: String
    /// Why asking again failed.
    package var reason: any Error

    package var description: String {
        "The stored \(what) is out of date and its server requires asking again before it is shown; "
            + "asking failed: \(ErrorText.describe(reason))"
    }
}
