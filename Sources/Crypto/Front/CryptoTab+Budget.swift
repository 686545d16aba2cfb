import Crypto
import Foundation
import FrontKit

extension CryptoTab {
    /// "Twelve Data 6/8 credits this minute" for the app's status line while Twelve Data is live;
    /// nil otherwise.
    package static func budgetLine(_ context: FrontContext) -> () -> String? {
        let crypto = CryptoService(context: context.app)
        let live = context.configuration.mode(for: .twelveData) == .live
        return {
            guard live else { return nil }
            let usage = crypto.usage()
            return "Twelve Data \(usage.minuteLeft)/\(crypto.budget.plan.perMinute) credits this minute"
        }
    }

    /// The watchlist alone in the full-screen app (`crypto watch`).
    package static func watchApp(context: FrontContext, log: AppLog) -> AlmanacApp {
        AlmanacApp(tabs: [CryptoTab(context: context)], style: context.style, log: log, budget: budgetLine(context))
    }
}
