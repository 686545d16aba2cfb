import AlmanacCore
import AlmanacKit
import Foundation

/// Profile: the username, edited in place (`e`) with the same rule as `almanac profile set`.
package final class ProfileTab: AppTab {
    package let title = "Profile"
    let context: FrontContext
    let service: ProfileService
    private var field: LineField?
    private var message: String?
    private var failure: String?
    /// The name shown and whether the user chose it, read when the tab is shown and after a save.
    private var shown: (name: String, saved: Bool)?

    package init(context: FrontContext) {
        self.context = context
        self.service = ProfileService(context: context.app)
    }

    package var capturesKeys: Bool { field != nil }
    package var pending: Int { 0 }
    package var source: String? { nil }
    package var problem: String? { failure }

    package func activate() { reread() }

    private func reread() {
        do {
            shown = (try service.username(), try service.store.read().username != nil)
            failure = nil
        } catch {
            shown = nil
            failure = ErrorSentence.text(error, for: .menu)
        }
    }

    package func handle(_ key: Key) -> Bool {
        if var editing = field {
            switch editing.handle(key) {
            case .editing: field = editing
            case .cancelled: field = nil
            case .submitted(let name):
                do {
                    let saved = try service.setUsername(name)
                    message = "Saved: you are \(saved)."
                    field = nil
                    reread()
                } catch {
                    editing.problem = ErrorSentence.text(error, for: .menu)
                    field = editing
                }
            }
            return true
        }
        guard key == .character("e") else { return false }
        field = LineField("Username:", text: shown?.saved == true ? shown?.name ?? "" : "") { ProfileService.validate($0) }
        message = nil
        return true
    }

    package func body(width: Int, height: Int) -> [String] {
        let style = context.style
        var lines = ["", style.bold("Profile"), ""]
        if let field {
            lines += field.lines(style: style, width: width - 2).map { "  " + $0 }
            lines += ["", style.dim("  Enter saves · Esc cancels")]
        } else if let (name, saved) = shown {
            lines.append("  Username  " + style.bold(name) + (saved ? "" : style.dim("  (not set: your login name, until you choose one)")))
        } else {
            lines.append("  " + style.red(failure ?? ""))
        }
        lines += ["", "  Data folder  " + context.configuration.paths.data.path]
        if let message { lines += ["", "  " + style.green(message)] }
        return lines
    }

    package var hints: [String] { field == nil ? ["e edit username"] : ["Enter save", "Esc cancel"] }

    package var keyHelp: [String] {
        ["e          edit the username (the rule shows under the field)", "Enter      save it", "Esc        cancel the edit"]
    }
}
