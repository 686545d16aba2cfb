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

/// Questions asked on a terminal (prompts go to stderr, neutralised, answers come from stdin);
/// Ctrl+C during one ends the run at once (`Interrupt.whileReading`).
package enum Prompt {
    /// A line from stdin, Ctrl+C ending the run meanwhile.
    private static func readLine() -> String? { Interrupt.whileReading { Invocation.readLine() } }

    /// Shows numbered choices and reads one; nil on cancel or end of input.
    package static func choose(_ title: String, _ items: [String]) -> Int? {
        var text = title + "\n"
        for (index, item) in items.enumerated() { text += "  \(index + 1)) \(item)\n" }
        Console.write(text, to: STDERR_FILENO)
        while true {
            Console.write("Choose 1-\(items.count) (empty to cancel): ", to: STDERR_FILENO)
            guard let line = readLine()?.trimmingWhitespace(), !line.isEmpty else { return nil }
            if let number = Int(line), (1...items.count).contains(number) { return number - 1 }
            Console.write("Please type a number from 1 to \(items.count).\n", to: STDERR_FILENO)
        }
    }

    /// Asks for a line of text; nil at the end of input.
    package static func text(_ question: String) -> String? {
        Console.write("\(question) ", to: STDERR_FILENO)
        return readLine()?.trimmingWhitespace()
    }

    /// Asks a yes/no question; true only for y or yes.
    package static func confirm(_ question: String) -> Bool {
        Console.write("\(question) [y/N] ", to: STDERR_FILENO)
        guard let line = readLine()?.trimmingWhitespace().lowercased() else { return false }
        return line == "y" || line == "yes"
    }
}
