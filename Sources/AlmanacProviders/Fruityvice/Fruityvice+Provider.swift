import AlmanacCore
import AlmanacHTTP
import Foundation

extension Provider {
    /// Fruit nutrition; no key.
    package static let fruityvice = Provider(
        rawValue: "fruityvice", displayName: "Fruityvice", keyVariable: nil, urlVariable: "ALMANAC_FRUITYVICE_URL",
        defaultBaseURL: "https://www.fruityvice.com", keyPlacement: .none,
        probe: { RequestDescriptor(provider: $0, name: "fruityvice.fruit", path: "/api/fruit/banana", ttl: 0) })
}
