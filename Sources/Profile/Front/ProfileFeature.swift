import FrontKit

extension Feature {
    /// Profile: `almanac profile`, its menu screen and tab. It asks no provider.
    package static let profile = Feature(
        command: ProfileCommand.self,
        menu: MenuEntry("Profile", help: "Your name in this greeting (almanac profile).", rank: 5) { ProfileScreen(context: $0) },
        tab: { ProfileTab(context: $0) })
}
