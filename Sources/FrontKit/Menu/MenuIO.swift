import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import Foundation
import TerminalKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the user typed at a menu prompt.
package enum MenuInput: Equatable {
    case text(String)
    case help
    case back
    case quit
    /// End of input: the session ends cleanly.
    case end
}

/// Line-based input and output for the menu session; deterministic when piped.
package final class MenuIO: Sendable {
    package let context: FrontContext

    package init(context: FrontContext) {
        self.context = context
    }

    package var style: Style { context.style }

    package func say(_ text: String) { context.console.print(text) }

    /// A problem with what was typed, in the menu's own words (no program name, no flags).
    package func error(_ text: String) { context.console.note(text) }

    /// Prints `prompt` and reads one line; `help`, `back`, `quit` are recognised anywhere.
    package func ask(_ prompt: String) -> MenuInput {
        Console.write("\(prompt) ", to: STDOUT_FILENO)
        guard let line = Invocation.readLine() else {
            say("")
            return .end
        }
        let text = line.trimmingWhitespace()
        if !context.interactive { say(text) }
        switch text.lowercased() {
        case "help", "?": return .help
        case "back", "b": return .back
        case "quit", "q", "exit": return .quit
        default: return .text(text)
        }
    }

    /// Shows numbered choices under `title` and asks for one; nil when the user leaves.
    package func choose(_ title: String, _ items: [String]) -> Int? {
        say(title + "\n" + items.enumerated().map { "  \($0.offset + 1)) \($0.element)" }.joined(separator: "\n"))
        return askValid("Choose 1-\(items.count):") { text -> Int in
            guard let number = Int(text), items.indices.contains(number - 1) else { throw UsageError("Type a number from 1 to \(items.count).") }
            return number - 1
        }
    }

    /// Asks until `parse` accepts the answer (showing its reason), or the user leaves.
    package func askValid<T>(_ prompt: String, _ parse: (String) throws -> T) -> T? {
        while true {
            guard case .text(let text) = ask(prompt) else { return nil }
            do { return try parse(text) } catch { self.error(ErrorSentence.text(error, for: .menu)) }
        }
    }

    /// One of `T`'s cases by name (`Units, metric or imperial [metric]:`); blank keeps `current`.
    package func askOption<T: RawRepresentable & CaseIterable>(_ label: String, current: T) -> T? where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] : names.joined()
        return askValid("\(label), \(list) [\(current.rawValue)]:") { text -> T in
            if text.isEmpty { return current }
            guard let value = T(rawValue: text.lowercased()) else { throw UsageError("Type \(list).") }
            return value
        }
    }

    /// `askValid` for an answer checked by the library (a name looked up, a fruit fetched). An
    /// error about the answer asks again; any other (the network, a damaged file) ends the prompt.
    package func askValid<T>(_ prompt: String, _ act: (String) async throws -> T) async throws -> T? {
        while true {
            guard case .text(let text) = ask(prompt) else { return nil }
            do {
                return try await act(text)
            } catch let error where error is UsageError || error is any UserInputError {
                self.error(ErrorSentence.text(error, for: .menu))
            }
        }
    }
}
