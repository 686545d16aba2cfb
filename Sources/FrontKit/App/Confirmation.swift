import AlmanacClient
import AlmanacCore
import Foundation
import TerminalKit

/// A yes/no question: `y` or Enter confirms, `n` or Esc declines.
package struct Confirmation {
    package let question: String

    package init(_ question: String) { self.question = question }

    /// True (yes), false (no), nil (any other key: still asking).
    package func answer(_ key: Key) -> Bool? {
        switch key {
        case .character("y"), .character("Y"), .enter: true
        case .character("n"), .character("N"), .escape, .interrupt: false
        default: nil
        }
    }

    package func lines(style: Style) -> [String] {
        ["", style.bold(question) + "  " + style.dim("y/Enter yes · n/Esc no")]
    }
}
