import AlmanacCore
import Foundation

/// A real answer recorded by another project (`Tests/Recorded`, whose README names each file's
/// source and licence). Some recorders write an answer's instants relative to the moment they
/// recorded it (`"date:now +485 minutes"`, `"date:now -3163 seconds"`); `text(at:)` turns each
/// back into an instant from `now`, as those recorders' own servers do, so a test reads it on
/// any date.
package struct RecordedAnswer: Sendable {
    /// The file's text as committed.
    package let raw: String

    /// The file at `path` under `Tests/Recorded` (`nws/freeze-watch-replaced.json`).
    package init(_ path: String) throws {
        let url = repositoryFixtures.deletingLastPathComponent().appendingPathComponent("Tests/Recorded").appendingPathComponent(path)
        raw = try String(contentsOf: url, encoding: .utf8)
    }

    /// The answer with every `"date:now ±N unit"` made an instant (ISO 8601, UTC) from `now`.
    package func text(at now: Date) -> String {
        let iso = ISO8601DateFormatter()
        var result = ""
        var rest = raw[...]
        while let start = rest.range(of: "\"date:now ") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "\"") else { break }
            let words = rest[start.upperBound..<end].split(separator: " ")
            let seconds = words.count == 2 ? Self.seconds(words[0], unit: words[1]) : nil
            result += seconds.map { "\"\(iso.string(from: now.addingTimeInterval($0)))\"" } ?? String(rest[start.lowerBound...end])
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// `+485` `minutes` → 29100 seconds; nil for anything else.
    private static func seconds(_ amount: Substring, unit: Substring) -> TimeInterval? {
        guard let value = Double(amount) else { return nil }
        let scale: [Substring: Double] = ["seconds": 1, "minutes": 60, "hours": 3600, "days": 86_400]
        return scale[unit].map { value * $0 }
    }
}
