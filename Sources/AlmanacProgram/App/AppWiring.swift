import AlmanacClient
import AlmanacCore
import AlmanacKit
import Deals
import Foundation
import TerminalKit

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
        return AlmanacApp(tabs: tabs, style: context.style, log: log, budget: budgetLine(context))
    }

    /// `crypto --watch`: the Crypto tab alone, with the same status line.
    package static func watch(context: FrontContext, log: AppLog) -> AlmanacApp {
        AlmanacApp(tabs: [CryptoTab(context: context)], style: context.style, log: log, budget: budgetLine(context))
    }

    /// "Twelve Data 6/8 credits this minute" when Twelve Data is live.
    private static func budgetLine(_ context: FrontContext) -> () -> String? {
        let crypto = CryptoService(context: context.app)
        let live = context.configuration.mode(for: .twelveData) == .live
        return {
            guard live else { return nil }
            let usage = crypto.usage()
            return "Twelve Data \(usage.minuteLeft)/\(crypto.budget.plan.perMinute) credits this minute"
        }
    }
}
