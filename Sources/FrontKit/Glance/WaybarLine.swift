import AlmanacClient
import AlmanacCore
import Foundation
import TerminalKit

/// The JSON waybar's custom module reads (`return-type: json`): one object on one line, with
/// `text` (the bar), `tooltip` (shown on hover), `class` (for CSS) and `alt` (for `format-alt`).
package struct WaybarLine: Encodable, Equatable, Sendable {
    package var text, tooltip: String
    /// `sunny`, `cloudy`, `fog`, `rain`, `snow`, `storm`, or `unknown` when no answer came.
    package var `class`: String
    package var alt: String

    package init(text: String, tooltip: String, class: String, alt: String) {
        (self.text, self.tooltip, self.class, self.alt) = (text, tooltip, `class`, alt)
    }

    /// Several places' objects as the one object a bar reads: texts side by side (` · `),
    /// tooltips one after another, the first place's class and alt.
    package init(joining lines: [WaybarLine]) {
        self.init(
            text: lines.map(\.text).joined(separator: " · "), tooltip: lines.map(\.tooltip).joined(separator: "\n\n"),
            class: lines.first?.class ?? "unknown", alt: lines.map(\.alt).joined(separator: " · "))
    }

    /// The CSS class for an OpenWeather condition code.
    package static func conditionClass(_ conditionID: Int?, known: Bool) -> String {
        guard known else { return "unknown" }
        switch conditionID ?? 0 {
        case 200..<300: return "storm"
        case 300..<600: return "rain"
        case 600..<700: return "snow"
        case 700..<800: return "fog"
        case 800: return "sunny"
        case 801..<900: return "cloudy"
        default: return "unknown"
        }
    }

    /// The object as one line of compact JSON.
    package var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
