import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Deals
import Foundation
import FrontKit

extension Feature {
    /// Deals: `almanac deals`, its menu screen, and its tab over the feed `feed` makes (`almanac
    /// ui`'s deals options; by default the built-in server at 2,000 batches a second). Kraken
    /// answers its live trades (`--source kraken:PAIR`).
    package static func deals(feed: @escaping @Sendable (FrontContext) throws -> DealFeed = DealOptions.appFeed) -> Feature {
        Feature(
            command: DealsCommand.self,
            menu: MenuEntry("Deals", help: "A live table of trading deals (almanac deals).", rank: 4) { DealsScreen(context: $0) },
            tab: { context in
                DealsTab(
                    feed: try feed(context), style: context.style,
                    options: context.configuration.transport, today: (try? context.app.days.today()) ?? .local(Date()))
            },
            answering: { _ in [.kraken] })
    }
}

extension DealOptions {
    /// The app's deals feed with no deals options given: the built-in server's defaults.
    package static func appFeed(_ context: FrontContext) throws -> DealFeed { try DealOptions.parse([]).feed(context, defaultPace: 2000) }
}
