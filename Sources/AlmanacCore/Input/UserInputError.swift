import Foundation

/// A typed error about what a person asked for (a date, a number, a choice). Exit 64. Its
/// `description` is plain words for any front end; the command line may word it with its flags.
package protocol UserInputError: Error, CustomStringConvertible, Sendable {}
