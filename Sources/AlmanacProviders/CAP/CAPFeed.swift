import AlmanacCore
import AlmanacHTTP
import Foundation

/// A national service that lists its warnings as CAP documents in a feed (docs/weather.md,
/// "Official warnings"): the feed is one request, each document it links one more, each kept by
/// its own caching headers (else 5 minutes). The documents are asked of the service's host,
/// whatever host the feed names (so a base URL variable moves them all).
package struct CAPFeed: Sendable {
    package var provider: Provider
    /// The country it covers (ISO 3166-1).
    package var country: String
    /// The issuing service, for people: `IMD`, `Roshydromet`.
    package var issuer: String
    /// The feed's path below the base URL.
    package var indexPath: String
    /// The credit line, with the terms.
    package var attribution: String

    /// Every CAP feed Almanac asks, one a country.
    package static let all: [CAPFeed] = [
        CAPFeed(
            provider: .imd, country: "IN", issuer: "IMD", indexPath: "/in-imd-en/rss.xml",
            attribution: "Warnings from the India Meteorological Department (public domain)"),
        CAPFeed(
            provider: .roshydromet, country: "RU", issuer: "Roshydromet", indexPath: "/hmc-output/cap/cap-feed/en/atom.xml",
            attribution: "Warnings from Roshydromet's Hydrometcentre of Russia (meteoinfo.ru)"),
        CAPFeed(
            provider: .kazhydromet, country: "KZ", issuer: "Kazhydromet", indexPath: "/kazakhstan/cap-feed/en/atom.xml",
            attribution: "Warnings from Kazhydromet, through the Hydrometcentre of Russia (meteoinfo.ru)"),
        CAPFeed(
            provider: .smg, country: "MO", issuer: "SMG", indexPath: "/cap_rss.xml",
            attribution: "Warnings from Macao's Meteorological and Geophysical Bureau (SMG)"),
        CAPFeed(
            provider: .metService, country: "NZ", issuer: "MetService", indexPath: "/cap/rss",
            attribution: "Warnings from MetService, Meteorological Service of New Zealand (CC BY 4.0)"),
        CAPFeed(
            provider: .hongKongObservatory, country: "HK", issuer: "the Hong Kong Observatory", indexPath: "/V1/cap_atom.xml",
            attribution: "Warnings from the Hong Kong Observatory"),
    ]

    /// The feed covering a country (ISO 3166-1, any case); nil for none.
    package static func covering(country code: String) -> CAPFeed? { all.first { $0.country == code.uppercased() } }

    /// The feed itself: the links of its newest documents (`CAPIndex`).
    package func index() -> Endpoint<[String]> {
        let provider = self.provider
        let descriptor = RequestDescriptor(
            provider: provider, name: "\(provider.rawValue).cap-feed", subject: "warnings feed of \(issuer)", path: indexPath, ttl: 300)
        return Endpoint(descriptor) { data in
            guard let links = CAPIndex.links(data) else { throw DecodingFailure(endpoint: descriptor.name, detail: "not an RSS or Atom feed") }
            return links
        }
    }

    /// The CAP document at `link` (an absolute URL or a path), asked of the service's host; nil
    /// for a link with no path.
    package func message(at link: String) -> Endpoint<CAP.Alert>? {
        guard let parts = URLComponents(string: link), !parts.path.isEmpty else { return nil }
        let query = (parts.queryItems ?? []).map { QueryItem($0.name, $0.value ?? "") }
        let path = parts.path.hasPrefix("/") ? parts.path : "/" + parts.path
        let descriptor = RequestDescriptor(
            provider: provider, name: "\(provider.rawValue).cap", subject: "a warning of \(issuer)", path: path, query: query, ttl: 300)
        return Endpoint(descriptor) { data in
            guard let alert = CAP.alert(data) else { throw DecodingFailure(endpoint: descriptor.name, detail: "not a CAP 1.2 message") }
            return alert
        }
    }
}
