import AlmanacClient
import AlmanacCore
import Crypto
import Exams
import Foundation
import FrontKit
import TerminalKit
import WeatherFront

/// `almanac line`: one status line mixing the weather codes with a crypto pair's price and day
/// change and the next exam's countdown — `BTC 91,234 ▲1.2% · Math in 3d`. Only what the
/// template names is fetched, concurrently, each within `--timeout`, by the glance rules (a
/// stale answer at once, refreshed behind; docs/architecture.md §4, "Glances").
package struct LineGlance: Sendable {
    /// Every code `almanac line` reads, as the features declare them (`Feature.glanceCodes`): the
    /// weather's, then `%y` the pair's base, `%k` its price, `%K` its day change, `%e` the next
    /// exam and its countdown, `%E` the countdown alone.
    package static let codes: [Character] = Features.all.flatMap(\.glanceCodes)

    /// Why a line cannot be made as asked. Exit 64.
    package enum Problem: UserInputError, Equatable {
        case pairNotWatched(String)

        package var description: String {
            switch self {
            case .pairNotWatched(let pair): "\(pair) is not on the watchlist; add it with: almanac crypto add \(pair)"
            }
        }
    }

    /// The line, the waybar object, and why values are missing.
    package struct Line: Sendable {
        package var text: String
        package var waybar: WaybarLine
        package var failures: [any Error]
        /// Where the values came from, the least fresh of the parts; nil when no answer came.
        package var provenance: Provenance?
    }

    package let context: FrontContext
    package let template: GlanceTemplate
    /// The weather's place (nil: the default city) and the crypto pair (nil: the watchlist's first).
    package let place, pair: String?

    package init(context: FrontContext, template: GlanceTemplate, place: String?, pair: String?) {
        (self.context, self.template, self.place, self.pair) = (context, template, place, pair)
    }

    /// The line; a part that failed shows placeholders and its reason is kept.
    package func line() async -> Line {
        let used = Set(template.codes)
        async let weather = used.isDisjoint(with: WeatherGlance.codes) ? nil : weatherLine()
        async let price =
            used.isDisjoint(with: ["y", "k", "K"]) ? nil : await outcome { try await row() }
        let exam = used.isDisjoint(with: ["e", "E"]) ? nil : await outcome { try nextExam() }
        let (glance, quote) = await (weather, price)
        let values = PartValues(quote: quote?.value?.row, exam: exam?.value)
        let text = template.render { code in values.value(code) ?? glance?.glance.flatMap { $0.value(code) } }
        let failures = [glance?.line.failure, quote?.failure, exam?.failure].compactMap { $0 }
        var waybar = glance?.glance.map { WaybarLine(text: text, glance: $0) } ?? WaybarLine(text: text, tooltip: "", class: "line", alt: text)
        waybar.tooltip = ([waybar.tooltip] + values.tooltip).filter { !$0.isEmpty }.joined(separator: "\n")
        let answers = [glance?.line.provenance, quote?.value?.provenance].compactMap { $0 }
        let provenance = answers.isEmpty ? nil : Provenance.combine(answers, now: context.clock.now())
        return Line(
            text: GlanceMark.text(text, provenance), waybar: GlanceMark.waybar(waybar, provenance), failures: failures, provenance: provenance)
    }

    /// The weather part: the place's glance, nil values when it failed.
    private func weatherLine() async -> (line: WeatherGlances.Line, glance: WeatherGlance?) {
        let glances = WeatherGlances(flow: WeatherFlow(context), template: template)
        return await glances.lineAndGlance(place, pick: nil)
    }

    /// The watchlist row for `pair` (else the first), and where the prices came from.
    private func row() async throws -> (row: PriceRow, provenance: Provenance) {
        let service = CryptoService(context: context.app)
        let prices = try await service.prices()
        guard let pair else {
            guard let first = prices.rows.first else { throw Problem.pairNotWatched("BTC/USD") }
            return (first, prices.provenance)
        }
        let wanted = pair.uppercased()
        guard let row = prices.rows.first(where: { $0.symbol == wanted || $0.symbol.hasPrefix(wanted + "/") }) else {
            // A suggestion is only ever a command that works: the pair the catalogue knows, or
            // the catalogue's own "no such pair" with near names.
            throw Problem.pairNotWatched(try await service.pair(for: pair).0)
        }
        return (row, prices.provenance)
    }

    /// The first pending exam from today on; nil when none.
    private func nextExam() throws -> (exam: Exam, days: Int)? {
        let service = ExamService(context: context.app)
        for exam in try service.exams(passed: false) {
            let days = try service.daysLeft(exam)
            if days >= 0 { return (exam, days) }
        }
        return nil
    }
}

/// The crypto and exam codes' values.
private struct PartValues {
    var quote: PriceRow?
    var exam: (exam: Exam, days: Int)??

    func value(_ code: Character) -> String? {
        switch code {
        case "y": quote.map { String($0.symbol.split(separator: "/").first ?? "") }
        case "k": quote?.price.map(Self.price)
        case "K": quote?.changePercent.map(Self.change)
        case "e": exam.map { $0.map { "\($0.exam.name) \(Self.countdown($0.days))" } ?? "no exams" }
        case "E": exam?.map { $0.days == 0 ? "today" : "\($0.days)d" }
        default: nil
        }
    }

    /// What the waybar tooltip adds: the pair's row and the next exam.
    var tooltip: [String] {
        var lines: [String] = []
        if let quote, let price = quote.price { lines.append("\(quote.symbol) \(Self.price(price)) \(quote.changePercent.map(Self.change) ?? "")") }
        if let exam = exam ?? nil { lines.append("\(exam.exam.name) — \(exam.exam.when.date.shortText) (\(Self.countdown(exam.days)))") }
        return lines
    }

    /// `91,234` from 100 up; `3.42` from 1; `0.1234` below.
    static func price(_ value: Double) -> String {
        if abs(value) >= 100 { return NumberText.grouped(Int(rounding: value)) }
        return DecimalText.fixed(value, abs(value) >= 1 ? 2 : 4)
    }

    /// `▲1.2%`, `▼0.4%`
    static func change(_ percent: Double) -> String {
        (percent < 0 ? "▼" : "▲") + DecimalText.fixed(abs(percent), 1) + "%"
    }

    /// `today`, `tomorrow`, `in 3d`
    static func countdown(_ days: Int) -> String {
        switch days {
        case 0: "today"
        case 1: "tomorrow"
        default: "in \(days)d"
        }
    }
}
