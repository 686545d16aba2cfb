import AlmanacCore
import AlmanacHTTP
import Foundation

extension Provider {
    /// Kraken's public REST API: keyless prices, daily candles and trades. Its terms allow
    /// personal use of the public endpoints, about one request a second per address, each with
    /// a User-Agent.
    package static let kraken = Provider(
        rawValue: "kraken", displayName: "Kraken", keyVariable: nil, urlVariable: "ALMANAC_KRAKEN_URL",
        defaultBaseURL: "https://api.kraken.com", keyPlacement: .none)
}
