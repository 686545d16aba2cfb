import CryptoFront
import DealsFront
import ExamsFront
import FrontKit
import FruitFront
import Profile
import ProfileFront
import WeatherFront

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

    package let choices = ["Cryptocurrencies", "Weather", "Fruits", "Exams", "Deals", "Profile"]
    package let help = [
        "Prices of your watchlist and their history (almanac crypto).",
        "Saved cities, forecasts and hourly detail (almanac weather).",
        "The fruit catalogue, nutrition and what you ate (almanac fruit).",
        "Your exam planner (almanac exams).",
        "A live table of trading deals (almanac deals).",
        "Your name in this greeting (almanac profile).",
    ]

    package func choose(_ index: Int, io: MenuIO) async -> MenuNavigation {
        switch index {
        case 0: return .open(CryptoScreen(context: context))
        case 1: return .open(WeatherScreen(context: context))
        case 2: return .open(FruitsScreen(context: context))
        case 3: return .open(ExamsScreen(context: context))
        case 4: return .open(DealsScreen(context: context))
        default: return .open(ProfileScreen(context: context))
        }
    }
}
