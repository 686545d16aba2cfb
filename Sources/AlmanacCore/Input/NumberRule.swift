import Foundation

/// A kind of number a person types, with its one rule (docs/architecture.md §9, "Input rules"):
/// the command line's option, the menu's prompt and the app's form field that read this number
/// all check it here, so the same text gets the same answer in every front end.
package struct NumberRule: Sendable, Equatable {
    /// The option that takes it on the command line (`--days`); nil when it is an argument.
    package let flag: String?
    /// What it counts, as a sentence starts (`The number of days`).
    package let noun: String
    /// The smallest value, and whether it is itself allowed (false: "more than").
    package let lowest: Double
    package let lowestAllowed: Bool
    /// The largest value allowed; nil: no upper bound.
    package let highest: Double?
    /// The unit said after the range (`seconds`); empty for none.
    package let unit: String

    package init(flag: String?, noun: String, lowest: Double, lowestAllowed: Bool = true, highest: Double? = nil, unit: String = "") {
        self.flag = flag
        self.noun = noun
        self.lowest = lowest
        self.lowestAllowed = lowestAllowed
        self.highest = highest
        self.unit = unit
    }

    /// Days of a forecast: the providers' 8 days, then the climate or ensemble outlook to 25.
    package static let days = NumberRule(flag: "--days", noun: "The number of days", lowest: 1, highest: 25)
    /// Hours of the hourly view (One Call's 48).
    package static let hours = NumberRule(flag: "--hours", noun: "The number of hours", lowest: 1, highest: 48)
    /// The time a command may wait for the network, in seconds.
    package static let timeout = NumberRule(
        flag: "--timeout", noun: "The timeout", lowest: 0, lowestAllowed: false, highest: 600, unit: "seconds")
    /// The oldest cached answer a command takes, in seconds.
    package static let maxAge = NumberRule(flag: "--max-age", noun: "The longest age", lowest: 0, unit: "seconds")
    /// Grams of fruit eaten.
    package static let grams = NumberRule(flag: "--amount", noun: "The amount", lowest: 0, lowestAllowed: false, highest: 5000, unit: "grams")
    /// Units of a crypto lot bought.
    package static let units = NumberRule(flag: nil, noun: "The amount", lowest: 0, lowestAllowed: false)
    /// What a lot cost in all, in the quote currency.
    package static let cost = NumberRule(flag: "--cost", noun: "The cost", lowest: 0, lowestAllowed: false)
    /// A price per unit (a lot's, or an alert's limit).
    package static let price = NumberRule(flag: "--price", noun: "The price", lowest: 0, lowestAllowed: false)
    /// The price an alert waits for.
    package static let alertPrice = NumberRule(flag: nil, noun: "The price", lowest: 0, lowestAllowed: false)
    /// Batches a second from the built-in server.
    package static let pace = NumberRule(flag: "--pace", noun: "The pace", lowest: 0, unit: "batches per second")

    /// Every rule, for reading the argument parser's refusals in the rules' words.
    package static let all: [NumberRule] = [days, hours, timeout, maxAge, grams, units, cost, price, alertPrice, pace]

    /// The range in words: `from 1 to 25`, `more than 0 and at most 600 seconds`, `0 or more seconds`.
    package var range: String {
        let unit = unit.isEmpty ? "" : " " + unit
        switch (lowestAllowed, highest) {
        case (true, let highest?): return "from \(Self.text(lowest)) to \(Self.text(highest))\(unit)"
        case (false, let highest?): return "more than \(Self.text(lowest)) and at most \(Self.text(highest))\(unit)"
        case (true, nil): return "\(Self.text(lowest)) or more\(unit)"
        case (false, nil): return "more than \(Self.text(lowest))\(unit)"
        }
    }

    /// Whether `value` keeps the rule.
    package func allows(_ value: Double) -> Bool {
        guard value.isFinite, lowestAllowed ? value >= lowest : value > lowest else { return false }
        return highest.map { value <= $0 } ?? true
    }

    /// `value` when it keeps the rule; `NumberInputError.outOfRange` when not.
    @discardableResult
    package func check(_ value: Double) throws -> Double {
        guard allows(value) else { throw NumberInputError.outOfRange(self, Self.text(value)) }
        return value
    }

    /// `value` as a whole number when it keeps the rule.
    @discardableResult
    package func check(_ value: Int) throws -> Int {
        try check(Double(value))
        return value
    }

    /// The number in `text` (`12.5`, `-1`; no letters, no commas) when it keeps the rule.
    package func parse(_ text: String) throws -> Double {
        try NSDecimalNumber(decimal: decimal(text)).doubleValue
    }

    /// The number in `text` as an exact decimal, for money, when it keeps the rule.
    package func decimal(_ text: String) throws -> Decimal {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
            Double(trimmed) != nil,  // the whole text one number: not "1.2.3", not "5-"
            let value = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
        else { throw NumberInputError.notANumber(self, text) }
        guard allows(NSDecimalNumber(decimal: value).doubleValue) else { throw NumberInputError.outOfRange(self, trimmed) }
        return value
    }

    /// A number as a person types it: `-5`, `0.5`, `10000000`; never `-5.0`.
    package static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// A typed number that breaks its rule. Exit 64. The description names the number in plain
/// words; the command line names its option instead (`ErrorSentence`).
package enum NumberInputError: UserInputError, Equatable {
    /// Text that is no number.
    case notANumber(NumberRule, String)
    /// A number outside the rule's range, as typed.
    case outOfRange(NumberRule, String)

    package var rule: NumberRule {
        switch self {
        case .notANumber(let rule, _), .outOfRange(let rule, _): rule
        }
    }

    /// The sentence with the number called in words (`The amount`).
    package var description: String { sentence(naming: rule.noun) }

    /// The sentence with the number called `name` (`The amount`, `--amount`).
    package func sentence(naming name: String) -> String {
        switch self {
        case .notANumber(let rule, let text): "\(name) must be a number \(rule.range), not \"\(text)\"."
        case .outOfRange(let rule, let text): "\(name) must be \(rule.range), not \(text)."
        }
    }
}
