import FrontKit
import Profile

package struct ProfileScreen: MenuScreen {
    package let context: FrontContext
    package let title = "Profile"
    package let choices = ["Show username", "Edit username"]
    package let help = [
        "Shows the name the greeting uses. Same as: almanac profile",
        "Asks for a new name (blank keeps the current one). Same as: almanac profile set-username NAME",
    ]

    package func choose(_ index: Int, io: MenuIO) async -> MenuNavigation {
        let service = ProfileService(context: context.app)
        await attempt(io) {
            let current = try service.username()
            if index == 0 { return io.say("Username: \(current)") }
            let chosen = io.askValid("New username [\(current)]:") { text -> String in
                if text.isEmpty { return current }
                if let problem = ProfileService.problem(text) { throw problem }
                return text
            }
            guard let chosen else { return }
            try service.setUsername(chosen)
            io.say("Username set to \(chosen).")
        }
        return .stay
    }
}
