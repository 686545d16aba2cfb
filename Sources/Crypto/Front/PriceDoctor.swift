import AlmanacClient
import AlmanacHTTP
import AlmanacProviders
import Crypto
import FrontKit

/// Crypto's part of `almanac doctor` (`Feature.crypto`): who prices and why, Kraken's credit when
/// it does, and after the sample data the Twelve Data credits this machine counted (when Twelve
/// Data prices); in `--json`, what decided the provider.
enum PriceDoctor {
    /// What decides the crypto provider: the saved choice, whether Kraken answers, the key, `--offline`.
    struct Sources: Codable, Sendable {
        var choice: PriceSourceChoice
        var usesKraken, keyed, offline: Bool
    }

    /// The section.
    static func section(_ context: AppContext) -> DoctorSection {
        let service = CryptoService(context: context)
        let configuration = context.configuration
        let sources = Sources(
            choice: (try? service.settingsDocument().provider) ?? .auto, usesKraken: service.usesKraken,
            keyed: configuration.key(for: .twelveData) != nil, offline: configuration.offline)
        let usage = CreditBudget(configuration: configuration, clock: context.clock).usage(now: context.clock.now())
        let footer =
            "Twelve Data credits: \(usage.minuteUsed) of \(usage.minuteLimit) used this minute, "
            + "\(usage.dayUsed) of \(usage.dayLimit) today (almanac crypto usage)"
        return DoctorSection(
            key: "crypto", title: "Crypto", lines: [cryptoReason(sources)] + (sources.usesKraken ? ["credit: " + Kraken.attribution] : []),
            footer: sources.usesKraken ? nil : footer, json: sources)
    }

    /// `prices: Kraken, keyless (set TWELVEDATA_API_KEY to use Twelve Data)` and the like.
    static func cryptoReason(_ sources: PriceDoctor.Sources) -> String {
        switch (sources.choice, sources.usesKraken) {
        case (.kraken, true): return "prices: Kraken, as chosen (crypto settings --provider kraken)"
        case (_, true): return "prices: Kraken, keyless (set TWELVEDATA_API_KEY to use Twelve Data)"
        case (.twelvedata, _):
            return "prices: Twelve Data, as chosen (crypto settings --provider twelvedata)" + (sources.keyed ? "" : "; sample data without its key")
        case (_, false) where sources.offline: return "prices: the cache, then sample data (offline)"
        default: return "prices: Twelve Data (TWELVEDATA_API_KEY is set)"
        }
    }
}
