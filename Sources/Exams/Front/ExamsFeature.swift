import FrontKit

extension Feature {
    /// Exams: `almanac exams`, its menu screen and tab, and the next exam's codes of `almanac
    /// line` (`%e %E`). It asks no provider.
    package static let exams: Feature = {
        var feature = Feature(
            command: ExamsCommand.self,
            menu: MenuEntry(title: "Exams", help: "Your exam planner (almanac exams).", rank: 3, screen: { ExamsScreen(context: $0) }),
            tab: { ExamsTab(context: $0) })
        feature.glanceCodes = ["e", "E"]
        return feature
    }()
}
