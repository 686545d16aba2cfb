import Foundation

/// One bad input of a kind, and the words of the rule it breaks (docs/architecture.md §9, "Input
/// rules"). The command line, the menu and the app's forms are each tested against this one
/// table, so a rule that drifts in any front end fails: `InputRulesTests` (command line and menu)
/// and `InputFormTests` (the app). Dates are read against `ALMANAC_TODAY=2026-11-21`.
package struct InputCase: Sendable {
    /// What the input is, for failure messages.
    package let kind: String
    /// What the person types.
    package let text: String
    /// The rule's words every front end prints, after the input's name.
    package let rule: String
    /// A command line that reads the text.
    package let command: [String]
    /// Menu input that reaches a prompt reading the text, then types it; nil: no menu prompt reads it.
    package let menu: String?
    /// The app's tab (1-based), the keys opening its form (`\n`: Enter), and the field (0-based)
    /// reading the text; nil: no form reads it.
    package let form: (tab: Int, keys: String, field: Int)?

    package static let table: [InputCase] = [
        InputCase(
            kind: "grams below the range", text: "-1", rule: "must be more than 0 and at most 5000 grams, not -1.",
            command: ["fruit", "eat", "banana", "--amount", "-1"], menu: "3\n3\nbanana\n\n-1\n", form: (3, "e", 1)),
        InputCase(
            kind: "grams that are no number", text: "abc", rule: "must be a number more than 0 and at most 5000 grams, not \"abc\".",
            command: ["fruit", "eat", "banana", "--amount", "abc"], menu: "3\n3\nbanana\n\nabc\n", form: (3, "e", 1)),
        InputCase(
            kind: "a start date that is no date", text: "someday",
            rule: "must be a real date as YYYY-MM-DD, today or yesterday, not \"someday\".",
            command: ["crypto", "history", "BTC", "--from", "someday"], menu: "1\n2\nBTC\nsomeday\n", form: (2, "\nf", 0)),
        InputCase(
            kind: "a day eaten that is no date", text: "2026-02-30",
            rule: "must be a real date as YYYY-MM-DD, today, tomorrow or yesterday, not \"2026-02-30\".",
            command: ["fruit", "eat", "banana", "--date", "2026-02-30"], menu: "3\n3\nbanana\n2026-02-30\n", form: (3, "e", 0)),
        InputCase(
            kind: "units bought below zero", text: "-1", rule: "must be more than 0, not -1.",
            command: ["crypto", "portfolio", "add", "ETH", "-1"], menu: "1\n5\n2\nETH\n-1\n", form: nil),
        InputCase(
            kind: "a cost that is no number", text: "lots", rule: "must be a number more than 0, not \"lots\".",
            command: ["crypto", "portfolio", "add", "ETH", "1", "--cost", "lots"], menu: "1\n5\n2\nETH\n1\nlots\n", form: nil),
        InputCase(
            kind: "coordinates off the globe", text: "91,0",
            rule: "\"91,0\" is no place: a latitude is from -90 to 90 and a longitude from -180 to 180, as lat,lon.",
            command: ["weather", "add", "91,0"], menu: "2\n8\n91,0\n", form: (1, "a", 0)),
        InputCase(
            kind: "days past the outlook", text: "26", rule: "must be from 1 to 25, not 26.",
            command: ["weather", "forecast", "Oslo", "--days", "26"], menu: nil, form: nil),
        InputCase(
            kind: "negative hours", text: "-3", rule: "must be from 1 to 48, not -3.",
            command: ["weather", "hourly", "Oslo", "--hours", "-3"], menu: nil, form: nil),
    ]
}
