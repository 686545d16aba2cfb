import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import Foundation

/// One reader of bytes Almanac did not write, driven with arbitrary input. A target must never
/// crash, trap, leak or hang on any input: errors are fine, traps are findings.
public struct FuzzTarget: Sendable {
    public let name: String
    /// Runs the reader on one input.
    public let run: @Sendable (Data) -> Void

    public init(name: String, run: @escaping @Sendable (Data) -> Void) {
        self.name = name
        self.run = run
    }

    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }

    /// Every target, in the order `make fuzz` runs them.
    public static let all: [FuzzTarget] = providerTargets + localTargets
}
