import AlmanacCore
import ArgumentParser

/// A word from a fixed set that an option takes (`--units metric`), with the option's name for
/// the sentence that refuses another (docs/architecture.md §9, "Input rules").
package protocol OptionWord: CaseIterable, Sendable {
    /// The word as typed: `metric`.
    var word: String { get }
    /// The option that takes it: `--units`.
    static var flag: String { get }
    /// Whether the word is read in any case (`--side BUY`); false by default.
    static var anyCase: Bool { get }
}

extension OptionWord {
    package static var anyCase: Bool { false }
}

extension OptionWord where Self: RawRepresentable, RawValue == String {
    package var word: String { rawValue }
}

/// A word of `Word`'s set as typed on the command line. The parser takes any word; the set's
/// rule reads it when the command validates (`value()`), so a word outside the set is refused in
/// the program's sentence — `--units must be metric or imperial, not "x".` — never reworded from
/// the parser's, and the command reads the word again without a force unwrap.
package struct Picked<Word: OptionWord>: ExpressibleByArgument, Sendable {
    /// What was typed.
    package let text: String

    package init?(argument: String) { text = argument }

    /// A default: `word` as typed.
    package init(_ word: Word) { text = word.word }

    /// The word typed; `OptionWordError` when it is none of the set's.
    package func value() throws -> Word {
        let typed = Word.anyCase ? text.lowercased() : text
        guard let word = Word.allCases.first(where: { $0.word == typed }) else {
            throw OptionWordError(flag: Word.flag, words: Word.allCases.map(\.word), text: text)
        }
        return word
    }

    package var defaultValueDescription: String { text }
    package static var allValueStrings: [String] { Word.allCases.map(\.word) }
}

/// A word outside its option's set. Exit 64.
package struct OptionWordError: UserInputError, Equatable {
    package let flag: String
    package let words: [String]
    package let text: String

    /// `--units must be metric or imperial, not "x".`
    package var description: String {
        let list = words.count > 1 ? words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "") : words.joined()
        return "\(flag) must be \(list), not \"\(text)\"."
    }
}

/// A kind of number an option or argument takes, named by its rule (`NumberRule.days`).
package protocol NumberKind: Sendable {
    static var rule: NumberRule { get }
}

/// A number as typed on the command line. The parser takes any text; the kind's rule reads it
/// when the command validates (`value()`, `whole()`), so "abc" and "99" get the rule's own
/// sentence (`--days must be a number from 1 to 25, not "abc".`), never the parser's.
package struct TypedNumber<Kind: NumberKind>: ExpressibleByArgument, Sendable {
    /// What was typed.
    package let text: String

    package init?(argument: String) { text = argument }

    /// A default: `value` as a person types it.
    package init(_ value: Double) { text = NumberRule.text(value) }

    /// The number when it keeps the rule.
    package func value() throws -> Double { try Kind.rule.parse(text) }

    /// The whole number when it keeps the rule (`1.5` days is not a number of days).
    package func whole() throws -> Int {
        guard let count = Int(text.trimmingWhitespace()) else { throw NumberInputError.notANumber(Kind.rule, text) }
        return try Kind.rule.check(count)
    }

    package var defaultValueDescription: String { text }
}

/// The shared options' numbers and the features' common ones, each named by its rule.
package enum TimeoutNumber: NumberKind { package static let rule = NumberRule.timeout }
package enum MaxAgeNumber: NumberKind { package static let rule = NumberRule.maxAge }
package enum DaysNumber: NumberKind { package static let rule = NumberRule.days }
package enum HoursNumber: NumberKind { package static let rule = NumberRule.hours }
package enum GramsNumber: NumberKind { package static let rule = NumberRule.grams }
package enum PaceNumber: NumberKind { package static let rule = NumberRule.pace }
