/// A feature's error as the command line says it: the flag or command that does what its sentence
/// asks, and its exit code when it is not the one its kind gets (docs/architecture.md §9, "Errors
/// worded once"). Each feature's front declares its errors' conformance beside its commands, so
/// the shared wording (`CommandLineHint`, `ExitStatus`) names no feature.
package protocol CommandLineError: Error {
    /// Said in parentheses before the sentence's full stop; nil (the default) for none.
    var commandLineHint: String? { get }
    /// The documented exit code (`ExitStatus`); nil (the default) for the one its kind gets.
    var exitStatus: Int32? { get }
}

extension CommandLineError {
    package var commandLineHint: String? { nil }
    package var exitStatus: Int32? { nil }
}
