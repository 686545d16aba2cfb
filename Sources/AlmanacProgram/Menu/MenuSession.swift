import FrontKit
import Profile

/// The guided session: a welcome menu, then one screen per section. `help` explains each
/// choice, `back` returns (from the welcome menu it ends the program), `quit` ends anywhere,
/// and the end of input ends the session cleanly.
package struct MenuSession {
    package init(context: FrontContext) {
        self.context = context
    }

    package let context: FrontContext

    package func run() async throws {
        let io = MenuIO(context: context)
        var stack: [any MenuScreen] = [WelcomeScreen(context: context)]
        io.say(stack[0].menu(style: context.style))
        while let screen = stack.last {
            switch io.ask(">") {
            case .end, .quit:
                return
            case .help:
                io.say(screen.helpText(style: context.style))
            case .back:
                stack.removeLast()
                if let previous = stack.last { io.say(previous.menu(style: context.style)) }
            case .text(let text):
                guard let number = Int(text), screen.choices.indices.contains(number - 1) else {
                    io.error("Choose 1 to \(screen.choices.count), or help, back, quit.")
                    continue
                }
                switch await screen.choose(number - 1, io: io) {
                case .stay: io.say(screen.menu(style: context.style))
                case .open(let next):
                    stack.append(next)
                    io.say(next.menu(style: context.style))
                case .back:
                    stack.removeLast()
                    if let previous = stack.last { io.say(previous.menu(style: context.style)) }
                case .quit: return
                }
            }
        }
    }
}

package struct WelcomeScreen: MenuScreen {
    package let context: FrontContext

    package var title: String {
        let name = (try? ProfileService(context: context.app).username()) ?? "guest"
        return "Welcome to Almanac, \(name)!"
    }

    /// Each feature's entry, in the menu's own order (`MenuEntry.rank`).
    private var entries: [MenuEntry] { Features.all.map(\.menu).sorted { $0.rank < $1.rank } }

    package var choices: [String] { entries.map(\.title) }
    package var help: [String] { entries.map(\.help) }

    package func choose(_ index: Int, io: MenuIO) async -> MenuNavigation {
        let entries = entries
        return entries.indices.contains(index) ? .open(entries[index].screen(context)) : .stay
    }
}
