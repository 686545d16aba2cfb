import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// One reader of bytes Almanac did not write, driven with arbitrary input. A target must never
/// crash, trap, leak or hang on any input: errors are fine, traps are findings.
package struct FuzzTarget: Sendable {
    package let name: String
    /// Runs the reader on one input.
    package let run: @Sendable (Data) -> Void

    package init(name: String, run: @escaping @Sendable (Data) -> Void) {
        self.name = name
        self.run = run
    }

    package static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }

    /// Every target, in the order `make fuzz` runs them.
    package static let all: [FuzzTarget] = providerTargets + localTargets + [terminalTarget]
}
