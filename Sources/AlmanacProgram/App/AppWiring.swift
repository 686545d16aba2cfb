import CryptoFront
import Deals
import DealsFront
import Foundation
import FrontKit

/// Builds the full-screen app over a front end's context: each feature's tab in the order
/// `Features` lists them, the Twelve Data budget for the status line.
package enum AppWiring {
    package static func app(
        context: FrontContext, log: AppLog, dealFeed: @escaping @Sendable (FrontContext) throws -> DealFeed = DealOptions.appFeed
    ) throws -> AlmanacApp {
        let tabs = try Features.list(dealFeed: dealFeed).map { try $0.tab(context) }
        return AlmanacApp(tabs: tabs, style: context.style, log: log, budget: CryptoTab.budgetLine(context))
    }
}
