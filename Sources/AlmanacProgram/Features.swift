import CryptoFront
import Deals
import DealsFront
import ExamsFront
import FrontKit
import FruitFront
import ProfileFront
import WeatherFront

/// The program's one list of features (docs/architecture.md §1, "Features declared once"), in the
/// order of the app's tabs and the root command's subcommands. Each feature declares what it adds
/// (`Feature`); the root command, the app, the welcome menu, `line`, `doctor` and `fixtures
/// record` read it from here. The providers' one list is `Provider.allCases`, the provider layer's
/// catalogue, which the loopback test servers beneath the program read too.
enum Features {
    /// Every feature, the deals tab over the built-in server.
    static var all: [Feature] { list() }

    /// Every feature, the deals tab over the feed `dealFeed` makes (`almanac ui`'s options).
    static func list(dealFeed: @escaping @Sendable (FrontContext) throws -> DealFeed = DealOptions.appFeed) -> [Feature] {
        [.weather, .crypto, .fruit, .exams, .deals(feed: dealFeed), .profile]
    }
}
