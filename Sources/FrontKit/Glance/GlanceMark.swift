import AlmanacClient
import TerminalKit

/// How a status line says it shows sample data (docs/status-bars.md, "Sample data on a bar"), in
/// every format, so a bar never shows a recording as the weather now: the text ends with
/// ` (sample)`, `--waybar`'s class is `sample` and its tooltip starts with where the data is from.
package enum GlanceMark {
    /// What the text ends with.
    package static let suffix = " (sample)"
    /// The waybar class.
    package static let waybarClass = "sample"

    /// `text`, marked when `provenance` is the sample data; an empty line (nothing to show) stays
    /// empty.
    package static func text(_ text: String, _ provenance: Provenance?) -> String {
        provenance?.origin == .fixture && !text.isEmpty ? text + suffix : text
    }

    /// `line` with its text, class and tooltip marked when `provenance` is the sample data.
    package static func waybar(_ line: WaybarLine, _ provenance: Provenance?) -> WaybarLine {
        guard let provenance, provenance.origin == .fixture else { return line }
        var marked = line
        marked.text = text(line.text, provenance)
        marked.class = waybarClass
        marked.tooltip = provenance.label() + "\n" + line.tooltip
        return marked
    }
}
