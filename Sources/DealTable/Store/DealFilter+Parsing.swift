import AlmanacCore
import Foundation

/// The browser's one-line filter: words separated by spaces, in any order.
///
/// - `side:buy`, `side:sell`
/// - `price>1.08`, `price>=1.08`, `price<1.1`, `price<=1.1`, `price=1.08` — the same for `amount`
///   (numbers as `1000`, `1e6`, `1.5k`, `2m`)
/// - `since:2026-11-20`, `until:today` — whole local days, both included (`YYYY-MM-DD`, `today`,
///   `yesterday`)
/// - any other word: text the instrument name contains (several words: the words with single
///   spaces between them)
extension DealFilter {
    /// Why a filter line or option could not be read. Exit 64 on the command line.
    package enum ParseError: UserInputError, Equatable {
        /// A `field<op>value` word whose value is not a number.
        case notANumber(word: String)
        /// A `name:value` or comparison on a field the filter does not know.
        case unknownField(word: String)
        /// `side:` with something other than `buy` or `sell`.
        case badSide(word: String)
        /// `since:`/`until:` with something that is not a date.
        case badDate(word: String)
        /// `since` after `until`, or a low bound above a high one.
        case emptyRange(String)

        /// The sentence shown: what could not be read, and how to write it.
        package var description: String {
            switch self {
            case .notANumber(let word): "Could not read \"\(word)\": a price or amount needs a number, e.g. price>1.08 or amount<1e6."
            case .unknownField(let word):
                "Could not read \"\(word)\": the fields are side:, since:, until:, and price or amount with < <= = >= >."
            case .badSide(let word): "Could not read \"\(word)\": the side is side:buy or side:sell."
            case .badDate(let word): "Could not read \"\(word)\": a date is YYYY-MM-DD, today or yesterday."
            case .emptyRange(let what): "No deal can match: \(what)."
            }
        }
    }

    /// The syntax, one line each, for `?` in the browser and the help.
    package static let syntax = [
        "eur/usd          instrument contains the text (any case)",
        "side:buy         only buys (side:sell: only sells)",
        "price>1.08       also >= < <= = ; amount the same (1e6, 1.5k, 2m)",
        "since:2026-11-20 from that local day (until: to that day; today, yesterday)",
        "Esc clears the filter; Enter applies it",
    ]

    /// `line` narrowed to one group of its deals (the browser's `Enter` on a group): with an
    /// `instrument`, the line's field words and the instrument's name in place of its text (the
    /// name contains that text, or the group would have no deals); with a `side`, `side:` too.
    package static func narrowing(_ line: String, instrument: String?, side: Deal.Side?, today: LocalDate) -> String {
        var scratch = DealFilter()
        var words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        if let instrument {
            words = words.filter { (try? scratch.apply($0, today: today, timeZone: .current)) == true } + [instrument]
        }
        if let side { words.append("side:" + side.rawValue) }
        return words.joined(separator: " ")
    }

    /// Reads a filter line; `today` and `timeZone` turn days into instants.
    package static func parse(_ line: String, today: LocalDate, timeZone: TimeZone = .current) throws -> DealFilter {
        var filter = DealFilter()
        var words: [String] = []
        for word in line.split(whereSeparator: \.isWhitespace).map(String.init) {
            if try !filter.apply(word, today: today, timeZone: timeZone) { words.append(word) }
        }
        if !words.isEmpty { filter.instrument = words.joined(separator: " ") }
        try filter.check()
        return filter
    }

    /// Refuses ranges nothing can fall in.
    package func check() throws {
        if price.isEmpty { throw ParseError.emptyRange("the price range is empty") }
        if amount.isEmpty { throw ParseError.emptyRange("the amount range is empty") }
        if time.isEmpty { throw ParseError.emptyRange("since is after until") }
    }

    /// Applies one word when it is a field; false when it is instrument text.
    private mutating func apply(_ word: String, today: LocalDate, timeZone: TimeZone) throws -> Bool {
        let lower = word.lowercased()
        if let colon = lower.firstIndex(of: ":"), !lower.contains(where: { "<>=".contains($0) }) {
            let name = String(lower[..<colon])
            let value = String(word[word.index(after: colon)...])
            switch name {
            case "side":
                guard let parsed = Deal.Side(rawValue: value.lowercased()) else { throw ParseError.badSide(word: word) }
                side = parsed
            case "since", "until":
                let day: LocalDate
                do { day = try DateInput.parse(value, today: today, field: .date) } catch { throw ParseError.badDate(word: word) }
                if name == "since" {
                    time.lower = Bound(Self.start(of: day, timeZone))
                } else {
                    time.upper = Bound(Self.start(of: day.adding(days: 1), timeZone), inclusive: false)
                }
            default:
                // `EUR:USD`-like text with no known field is instrument text, unless it looks like a field.
                if name.allSatisfy(\.isLetter), !name.isEmpty { throw ParseError.unknownField(word: word) }
                return false
            }
            return true
        }
        guard let comparison = Self.comparison(in: lower) else { return false }
        let value = try Self.number(comparison.value, word: word)
        switch comparison.field {
        case "price": price.narrow(comparison.operator, value)
        case "amount": amount.narrow(comparison.operator, value)
        default: throw ParseError.unknownField(word: word)
        }
        return true
    }

    /// `field`, operator and value of `price>=1.08`; nil when the word has no operator.
    private static func comparison(in word: String) -> (field: String, operator: String, value: String)? {
        guard let start = word.firstIndex(where: { "<>=".contains($0) }) else { return nil }
        var end = word.index(after: start)
        if end < word.endIndex, word[end] == "=" { end = word.index(after: end) }
        return (String(word[..<start]), String(word[start..<end]), String(word[end...]))
    }

    /// `1000`, `1e6`, `1.5k`, `2m`, `1_000` as a finite number.
    static func number(_ text: String, word: String) throws -> Double {
        var digits = text.replacingOccurrences(of: "_", with: "")
        var scale = 1.0
        if let last = digits.last?.lowercased(), let factor = ["k": 1e3, "m": 1e6, "b": 1e9][last] {
            scale = factor
            digits.removeLast()
        }
        guard let value = Double(digits), value.isFinite else { throw ParseError.notANumber(word: word) }
        return value * scale
    }

    /// Midnight starting `day` in `timeZone`, as seconds since 1970.
    package static func start(of day: LocalDate, _ timeZone: TimeZone) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: day.year, month: day.month, day: day.day)
        return (calendar.date(from: components) ?? Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400)).timeIntervalSince1970
    }
}

extension DealFilter.Range {
    /// Narrows the range by one comparison (`>`, `>=`, `<`, `<=`, `=`).
    mutating func narrow(_ comparison: String, _ value: Double) {
        switch comparison {
        case ">": lower = .init(value, inclusive: false)
        case ">=", "=>": lower = .init(value)
        case "<": upper = .init(value, inclusive: false)
        case "<=", "=<": upper = .init(value)
        default:
            lower = .init(value)
            upper = .init(value)
        }
    }
}
