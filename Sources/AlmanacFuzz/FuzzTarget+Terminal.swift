import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation
import FrontKit
import Fruit
import FruitFront
import Synchronization
import TerminalKit
import Weather

extension FuzzTarget {
    /// Hostile text through the views and every writer that draws on a terminal: a provider's
    /// fruit (decoded from a real-shaped answer), a place's label, a table, a console's lines and
    /// status, and the full-screen writer's frames. Nothing a terminal acts on may come out but the
    /// program's own escapes, newline and tab (docs/architecture.md §2, item 7); anything else traps.
    static let terminalTarget = FuzzTarget(name: "terminal-text") { data in
        let text = String(decoding: data, as: UTF8.self)
        let style = Style(enabled: true)
        let sink = TextSink()
        let frames = TextSink()
        let console = Console(out: { sink.add($0) }, err: { sink.add($0) })
        let body = JSONValue.array([
            .object([
                ("name", .string(text)), ("id", .int(1)), ("family", .string(text)), ("genus", .string("G")), ("order", .string(text)),
                (
                    "nutritions",
                    .object([("calories", .int(1)), ("fat", .int(0)), ("sugar", .int(12)), ("carbohydrates", .int(1)), ("protein", .int(0))])
                ),
            ])
        ]).encoded()
        if let fruits = try? Fruityvice.all().decode(body) {
            console.print(FruitView.table(fruits.map(Fruit.init), style: style))
        }
        let city = City(name: text, region: text, country: "X", latitude: 1, longitude: 2)
        console.print("Saved \(style.bold(city.label)).")
        var table = Table([.init("Name"), .init("Value", .right)])
        table.add([text, style.green(text)])
        console.print(table.render(style: style))
        console.note("almanac: " + text)
        console.status(text)
        let screen = ScreenWriter(output: { frames.add($0) })
        screen.draw([style.bold(text), ScreenWriter.clip(text, 20), ScreenWriter.pad(style.cyan(text), 30)], columns: 40, rows: 4)
        for output in [sink.text, frames.text] where !TerminalCheck.isInert(output) {
            fatalError("a control character reached the terminal: \(output.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}

/// What the terminal target collects from a writer.
private final class TextSink: Sendable {
    private let collected = Mutex("")
    func add(_ text: String) { collected.withLock { $0 += text } }
    var text: String { collected.withLock { $0 } }
}

/// An independent reading of writer output: every ESC starts one of the program's own sequences
/// (SGR, erase to end of line, home, clear, cursor position), the status line's CR comes right
/// before its erase, and no other C0, DEL, C1 or bidirectional control appears.
package enum TerminalCheck {
    package static func isInert(_ output: String) -> Bool {
        let scalars = Array(output.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let value = scalars[index].value
            if value == 0x1B {
                guard let end = ownSequenceEnd(scalars, index) else { return false }
                index = end
                continue
            }
            if value == 0x0D, index + 1 < scalars.count, scalars[index + 1] == "\u{1B}" {
                index += 1
                continue
            }
            let bad =
                (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
            if bad { return false }
            index += 1
        }
        return true
    }

    private static func ownSequenceEnd(_ scalars: [Unicode.Scalar], _ start: Int) -> Int? {
        guard start + 1 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, scalars[index] == ";" || ("0"..."9").contains(scalars[index]) { index += 1 }
        guard index < scalars.count, ["m", "K", "H", "J"].contains(scalars[index]) else { return nil }
        let parameters = String(String.UnicodeScalarView(scalars[(start + 2)..<index]))
        if scalars[index] == "J", parameters != "2" { return nil }
        if scalars[index] == "m", hidesOrBlinks(parameters) { return nil }
        return index + 1
    }

    /// Whether SGR parameters ask for blink (5, 6) or conceal (8), a 256-colour index aside.
    private static func hidesOrBlinks(_ parameters: String) -> Bool {
        let parts = parameters.split(separator: ";", omittingEmptySubsequences: false)
        var index = 0
        while index < parts.count {
            if parts[index] == "38" || parts[index] == "48" {
                index += 3
                continue
            }
            if ["5", "6", "8"].contains(parts[index]) { return true }
            index += 1
        }
        return false
    }
}
