import AlmanacCore
import AlmanacHTTP
import Foundation

/// Parses `KEY=VALUE` files (`.env`, the config file).
///
/// Blank lines and `#` comments are skipped; `export ` is allowed; values may be
/// single- or double-quoted. Malformed lines are ignored.
package enum DotEnv {
    /// The variables in `text`, by name, as the type documents.
    package static func parse(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("export ") { line = String(line.dropFirst(7)) }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingWhitespace()
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
            result[name] = unquote(line[line.index(after: equals)...].trimmingWhitespace())
        }
        return result
    }

    /// The file at `path` parsed as `parse(_:)` does; empty when it cannot be read.
    package static func parseFile(at path: String) -> [String: String] {
        // Plain reads: most runs have no `.env`, and Foundation builds a whole error to say so.
        guard let data = FileBytes.read(atPath: path), let text = String(validating: data, as: UTF8.self) else { return [:] }
        return parse(text)
    }

    static func unquote(_ value: String) -> String {
        if value.hasPrefix("#") { return "" }
        for quote in ["\"", "'"] where value.count >= 2 && value.hasPrefix(quote) && value.hasSuffix(quote) {
            return String(value.dropFirst().dropLast())
        }
        if let hash = value.range(of: " #") { return value[..<hash.lowerBound].trimmingWhitespace() }
        return value
    }
}
