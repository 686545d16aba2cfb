import AlmanacCore
import AlmanacHTTP
import AlmanacKit
import AlmanacProviders
import Foundation

/// Questions asked on a terminal (prompts go to stderr, answers come from stdin).
package enum Prompt {
    /// Shows numbered choices and reads one; nil on cancel or end of input.
    package static func choose(_ title: String, _ items: [String]) -> Int? {
        var text = title + "\n"
        for (index, item) in items.enumerated() { text += "  \(index + 1)) \(item)\n" }
        FileHandle.standardError.write(Data(text.utf8))
        while true {
            FileHandle.standardError.write(Data("Choose 1-\(items.count) (empty to cancel): ".utf8))
            guard let line = readLine()?.trimmingWhitespace(), !line.isEmpty else { return nil }
            if let number = Int(line), (1...items.count).contains(number) { return number - 1 }
            FileHandle.standardError.write(Data("Please type a number from 1 to \(items.count).\n".utf8))
        }
    }

    /// The terminal's way to choose among several places that match a name.
    package static let choosePlace: WeatherService.Chooser = { cities in choose("Several places match:", cities.map(\.choiceText)) }

    /// Asks for a line of text; nil at the end of input.
    package static func text(_ question: String) -> String? {
        FileHandle.standardError.write(Data("\(question) ".utf8))
        return readLine()?.trimmingWhitespace()
    }

    /// Asks a yes/no question; true only for y or yes.
    package static func confirm(_ question: String) -> Bool {
        FileHandle.standardError.write(Data("\(question) [y/N] ".utf8))
        guard let line = readLine()?.trimmingWhitespace().lowercased() else { return false }
        return line == "y" || line == "yes"
    }
}
