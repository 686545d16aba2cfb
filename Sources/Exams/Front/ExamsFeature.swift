import FrontKit

extension Feature {
    /// Exams: `almanac exams`, its menu screen and tab, and the next exam's codes of `almanac
    /// line` (`%e %E`). It asks no provider.
    package static let exams = Feature(
        command: ExamsCommand.self, menu: MenuEntry("Exams", help: "Your exam planner (almanac exams).", rank: 3) { ExamsScreen(context: $0) },
        tab: { ExamsTab(context: $0) },
        glanceCodes: ["e", "E"])
}
