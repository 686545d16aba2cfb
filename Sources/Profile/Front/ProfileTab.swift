import AlmanacProviders
import Foundation
import FrontKit
import Profile
import TerminalKit

/// Profile: the username, edited in place (`e`) with the same rule as `almanac profile set`.
/// Saving runs in the background (`Loader`): a durable write waits for the disk, which held a
/// frame of the app 15 ms and more in the soak (docs/architecture.md §5).
package final class ProfileTab: AppTab {
    package let title = "Profile"
    let context: FrontContext
    let service: ProfileService
    private var field: LineField?
    private var failure: String?
    /// The save under way or last done: its message ("Saved: you are alice.") or failure.
    let saving = Loader<String>(saves: true)
    /// Landings of `saving` already reacted to.
    private var savingSeen = 0
    /// The name last submitted, for the field to reopen with when its save fails.
    private var submitted = ""
    /// Whether the last save's message is still worth showing (until the next edit begins).
    private var showsSaved = false
    /// The name shown and whether the user chose it, read when the tab is shown and after a save.
    private var shown: (name: String, saved: Bool)?

    package init(context: FrontContext) {
        self.context = context
        self.service = ProfileService(context: context.app)
    }

    package var capturesKeys: Bool { field != nil }
    package var pending: Int { saving.isLoading ? 1 : 0 }
    package var source: String? { nil }
    package var problem: String? { failure }

    package func activate() { reread() }

    /// A save that landed: the name is read again; a failed one reopens the field with its
    /// sentence under it, as a name the rule refused would.
    package func tick() {
        guard saving.landedSince(&savingSeen) else { return }
        reread()
        if let problem = saving.failure, field == nil {
            var reopened = LineField("Username:", text: submitted, replaceable: false) { ProfileService.validate($0) }
            reopened.problem = problem
            field = reopened
        }
    }

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
                field = nil
                submitted = name
                showsSaved = true
                saving.load { [service] _ in "Saved: you are \(try service.setUsername(name))." }
            }
            return true
        }
        guard key == .character("e") else { return false }
        field = LineField("Username:", text: shown?.saved == true ? shown?.name ?? "" : "") { ProfileService.validate($0) }
        showsSaved = false
        return true
    }

    package func body(width: Int, height: Int) -> [String] {
        var style = context.style
        style.columns = width - 2
        var lines = ["", style.bold("Profile"), ""]
        if let field {
            lines += field.lines(style: style, width: width - 2).map { "  " + $0 }
            lines += ["", style.dim("  Enter saves · Esc cancels")]
        } else if let (name, saved) = shown {
            let note = saved ? "" : style.dim("(not set: your login name, until you choose one)")
            let row = style.labelled([("Username", style.bold(name))])
            lines += indented(Style.width(row + "  " + note) <= width - 2 ? row + "  " + note : row + "\n" + style.sentence(note))
        } else {
            lines += indented(style.sentence(style.red(failure ?? "")))
        }
        lines += [""] + indented(style.labelled([("Data folder", context.configuration.paths.data.path)]))
        if saving.isLoading {
            lines += ["", "  " + style.dim("Saving…")]
        } else if showsSaved, field == nil, case .loaded(let message, _) = saving.current {
            lines += [""] + indented(style.sentence(style.green(message)))
        }
        return lines
    }

    /// Each line of `text`, two cells in (`text` fits the width less those two).
    private func indented(_ text: String) -> [String] {
        text.split(separator: "\n").map { "  " + $0 }
    }

    package var hints: [String] { field == nil ? ["e edit username"] : ["Enter save", "Esc cancel"] }

    package var keyHelp: [String] {
        ["e          edit the username (the rule shows under the field)", "Enter      save it", "Esc        cancel the edit"]
    }
}
