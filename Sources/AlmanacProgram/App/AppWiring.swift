import Crypto
import CryptoFront
import Deals
import DealsFront
import ExamsFront
import Foundation
import FrontKit
import FruitFront
import ProfileFront
import WeatherFront

/// Builds the full-screen app over a front end's context: the six tabs in their order, the
/// Twelve Data budget for the status line.
package enum AppWiring {
    package static func app(context: FrontContext, log: AppLog, feed: DealFeed) -> AlmanacApp {
        let tabs: [any AppTab] = [
            WeatherTab(context: context),
            CryptoTab(context: context),
            FruitTab(context: context),
            ExamsTab(context: context),
            DealsTab(
                feed: feed, style: context.style, options: context.configuration.transport,
                today: (try? context.app.days.today()) ?? .local(Date())),
            ProfileTab(context: context),
        ]
        return AlmanacApp(tabs: tabs, style: context.style, log: log, budget: CryptoTab.budgetLine(context))
    }

    /// `crypto --watch`: the Crypto tab alone, with the same status line.
}
