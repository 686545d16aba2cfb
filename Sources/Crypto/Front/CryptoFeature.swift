import AlmanacClient
import AlmanacHTTP
import AlmanacProviders
import Crypto
import FrontKit

extension Feature {
    /// Crypto (docs/architecture.md §1, §7): `almanac crypto`, its menu screen and tab, the pair
    /// codes of `almanac line` (`%y %k %K`), the provider `PriceSources` picks, and the catalogue,
    /// the watchlist and a week of history for `fixtures record` (Kraken's whatever the choice).
    package static let crypto = Feature(
        command: CryptoCommand.self,
        menu: MenuEntry("Cryptocurrencies", help: "Prices of your watchlist and their history (almanac crypto).", rank: 0) {
            CryptoScreen(context: $0)
        },
        tab: { CryptoTab(context: $0) },
        glanceCodes: ["y", "k", "K"],
        answering: { [CryptoService(context: $0).priceSources.provider] },
        doctor: { PriceDoctor.section($0) },
        recording: { provider, context in
            switch provider {
            case .twelveData: steps(CryptoService(context: context), catalogue: true)
            case .kraken: steps(CryptoService(context: context, pinnedPrices: PriceSources(provider: .kraken, chosen: true)), catalogue: false)
            default: []
            }
        })

    /// The watchlist and a week of its first pair's history; with `catalogue`, the pair catalogue first.
    private static func steps(_ crypto: CryptoService, catalogue: Bool) -> [RecordingStep] {
        let catalogueStep: RecordingStep = ("the pair catalogue", { @Sendable in _ = try await crypto.catalogue() })
        let watchlist: RecordingStep = ("the watchlist", { @Sendable in _ = try await crypto.prices() })
        let history: RecordingStep = (
            "a week of history",
            { @Sendable in _ = try await crypto.history(try crypto.watchlist().items.first?.symbol ?? "BTC/USD", from: nil, to: nil) }
        )
        return (catalogue ? [catalogueStep] : []) + [watchlist, history]
    }
}
