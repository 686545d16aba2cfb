import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation
import FrontKit
import Fruit
import TerminalKit

/// Fruit: the catalogue coloured by family (`g` cycles id / family / genus / order grouping),
/// a fruit's page (its nutrition, the high-sugar warning flashing, confetti when eaten in the
/// last 30 days), logging a fruit as eaten (`e`), and the log by day (`l`).
package final class FruitTab: AppTab {
    enum Screen {
        case list
        case fruit(Fruit)
        case log
    }

    package let title = "Fruit"
    let context: FrontContext
    let service: FruitService
    let catalogue = Loader<FruitService.Catalogue>()
    let action = Loader<String>(saves: true)
    private var grouping: FruitGrouping?
    private var screen = Screen.list
    private var scroller = Scroller()
    private var detailScroller = Scroller()
    private var form: Form?
    private var formFruit: Fruit?
    /// What the fruit page and the log read from the log file, read on opening them and after a
    /// fruit is logged (not every frame): the day the shown fruit was last eaten, the log's lines.
    private var lastEaten: LocalDate?
    /// The log page's days, read when it opens (drawn to each frame's width).
    private var logDays: Result<[FruitDay], any Error> = .success([])
    /// Landings of `action` already reacted to.
    private var actionSeen = 0

    package init(context: FrontContext) {
        self.context = context
        self.service = FruitService(context: context.app)
    }

    package var capturesKeys: Bool { form != nil }
    package var pending: Int { (catalogue.isLoading ? 1 : 0) + (action.isLoading ? 1 : 0) }
    package var problem: String? { action.failure ?? catalogue.failure }

    package var concerns: Set<String> { [Provider.fruityvice.brand] }

    package var source: String? {
        guard let provenance = catalogue.value?.provenance else { return nil }
        return Provider.fruityvice.brand + ": " + provenance.label(now: context.clock.now())
    }

    /// Whether this tab is the one shown (its blinking needs frames only then).
    private var shown = false

    /// A quarter second while a high-sugar fruit's page blinks its warning (every half second).
    package var frameInterval: TimeInterval? {
        guard shown, case .fruit(let fruit) = screen, fruit.highSugar else { return nil }
        return 0.25
    }

    package func deactivate() {
        shown = false
        catalogue.cancel()
    }

    package func activate() {
        shown = true
        guard catalogue.value == nil, !catalogue.isLoading else { return }
        catalogue.load { [service] stale in try await service.catalogue { stale($0) } }
    }

    /// The fruits in the order shown: by id, or group by group.
    private var ordered: (fruits: [Fruit], groups: [FruitGroup]?) {
        let fruits = FruitService.sorted(catalogue.value?.fruits ?? [], byName: false)
        guard let grouping else { return (fruits, nil) }
        let groups = FruitService.grouped(fruits, by: grouping)
        return (groups.flatMap(\.fruits), groups)
    }

    // MARK: - Keys

    package func handle(_ key: Key) -> Bool {
        if form != nil { return handleForm(key) }
        switch (screen, key) {
        case (.list, .character("g")):
            let all: [FruitGrouping?] = [nil] + FruitGrouping.allCases.map { $0 }
            grouping = all[(all.firstIndex(of: grouping)! + 1) % all.count]
            scroller.selected = 0
        case (.list, .enter):
            let fruits = ordered.fruits
            guard fruits.indices.contains(scroller.selected) else { return true }
            show(.fruit(fruits[scroller.selected]))
        case (.list, .character("e")):
            let fruits = ordered.fruits
            if fruits.indices.contains(scroller.selected) { openEatForm(fruits[scroller.selected]) }
        case (.fruit(let fruit), .character("e")): openEatForm(fruit)
        case (_, .character("l")): show(.log)
        case (.fruit, .escape), (.log, .escape), (.fruit, .backspace), (.log, .backspace): screen = .list
        case (.list, _): return scroller.handle(key, count: ordered.fruits.count, page: 10)
        default: return detailScroller.handle(key, count: nil, page: 10)
        }
        return true
    }

    private func show(_ next: Screen) {
        screen = next
        detailScroller = Scroller()
        reread()
    }

    /// Reads what the shown page needs from the log.
    private func reread() {
        switch screen {
        case .list: break
        case .fruit(let fruit): lastEaten = (try? service.lastEaten(fruit)) ?? nil
        case .log:
            logDays = Result { try service.days(from: nil, to: nil) }
        }
    }

    /// A fruit logged in the background: the page shown reads the log again once.
    package func tick() {
        if action.landedSince(&actionSeen) { reread() }
    }

    private func openEatForm(_ fruit: Fruit) {
        let today = (try? service.days.today()).map { "\($0)" } ?? ""
        formFruit = fruit
        form = Form(
            "Log \(fruit.name) as eaten",
            fields: [
                LineField("Date (YYYY-MM-DD):", text: today) { [service] text in LineField.problem { _ = try service.eatenDate(text) } },
                LineField("Grams:", text: "100") { text in LineField.problem { _ = try NumberRule.grams.parse(text) } },
            ])
    }

    private func handleForm(_ key: Key) -> Bool {
        guard var editing = form, let fruit = formFruit else { return false }
        switch editing.handle(key) {
        case .editing: form = editing
        case .cancelled: form = nil
        case .submitted(let values):
            form = nil
            let grams = Double(values[1]) ?? 100
            action.load { [service] _ in
                let entry = try await service.eat(String(fruit.id), date: values[0], grams: grams)
                return "Logged \(FruitView.number(entry.grams)) g of \(entry.name) on \(entry.date)."
            }
        }
        return true
    }

    // MARK: - Drawing

    package func body(width: Int, height: Int) -> [String] {
        var style = context.style
        style.columns = width  // the page fits the area, resized or not
        if let form { return [""] + form.lines(style: style, width: width) }
        var lines: [String]
        switch screen {
        case .list: return listBody(style: style, height: height)
        case .fruit(let fruit): lines = fruitPage(fruit, style: style)
        case .log:
            switch logDays {
            case .success(let days): lines = [style.bold("Fruit eaten, last 30 days"), ""] + split(FruitView.log(days, style: style))
            case .failure(let error): lines = split(style.sentence(style.red(ErrorSentence.text(error, for: .menu))))
            }
        }
        if let message = action.value, case .loaded = action.current { lines += [""] + split(style.sentence(style.green(message))) }
        return detailScroller.window(lines, height: height, style: style)
    }

    private func listBody(style: Style, height: Int) -> [String] {
        let heading = style.bold("Fruit") + style.dim("  grouped by " + (grouping?.rawValue ?? "id"))
        guard catalogue.value != nil else {
            return [heading, "", catalogue.failure.map { style.red($0) } ?? "Loading the catalogue…"]
        }
        let (fruits, groups) = ordered
        var text: [String]
        var items: [Int] = []
        if let groups, let grouping {
            text = split(FruitView.groups(groups, grouping: grouping, style: style))
            var line = 0
            for group in groups {
                items += (0..<group.fruits.count).map { line + 1 + $0 }
                line += 1 + group.fruits.count + 1
            }
        } else {
            text = split(FruitView.table(fruits, style: style))
            items = Scroller.tableRows(count: fruits.count)
        }
        var footer: [String] = []
        if let message = action.value, case .loaded = action.current { footer = [style.green(message)] }
        return [heading, ""] + scroller.window(text, height: max(1, height - 2 - footer.count), itemLines: items, style: style) + footer
    }

    /// The fruit's page; the sugar warning shows every other half second, confetti when eaten lately.
    private func fruitPage(_ fruit: Fruit, style: Style) -> [String] {
        let today = (try? service.days.today()) ?? LocalDate.local(context.clock.now())
        var text = FruitView.detail(fruit, lastEaten: lastEaten, today: today, style: style)
        let blink = Int(Date().timeIntervalSinceReferenceDate * 2) % 2 == 1
        if fruit.highSugar, blink {
            let warning = FruitView.sugarWarning(style)
            text = text.replacingOccurrences(of: warning, with: String(repeating: " ", count: Style.width(warning)))
        }
        var lines = split(text)
        if lastEaten != nil { lines += ["", FruitView.confetti(fruit).joined(separator: " ")] }
        return lines
    }

    private func split(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    package var hints: [String] {
        if form != nil { return ["Enter next/save", "Esc cancel"] }
        switch screen {
        case .list: return ["↑↓ choose", "Enter open", "g grouping", "e eaten", "l log"]
        case .fruit: return ["e eaten", "l log", "Esc back"]
        case .log: return ["↑↓ scroll", "Esc back"]
        }
    }

    package var keyHelp: [String] {
        [
            "↑ ↓ PgUp PgDn  choose a fruit", "Enter          open its page (nutrition per 100 g)",
            "g              group by id, family, genus, order", "e              log it as eaten (date and grams; Esc cancels)",
            "l              the log of the last 30 days, by day with totals", "Esc            back to the catalogue",
        ]
    }
}
