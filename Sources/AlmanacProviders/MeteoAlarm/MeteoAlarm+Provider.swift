import AlmanacCore
import AlmanacHTTP
import Foundation

extension Provider {
    /// MeteoAlarm (feeds.meteoalarm.org): EUMETNET members' warnings, one feed a country, keyless.
    package static let meteoAlarm = Provider(
        rawValue: "meteoalarm", displayName: "MeteoAlarm", keyVariable: nil, urlVariable: "ALMANAC_METEOALARM_URL",
        defaultBaseURL: "https://feeds.meteoalarm.org", keyPlacement: .none,
        probe: { _ in MeteoAlarm.feed(country: "IE")!.descriptor }, recordedAs: "metno")
}

extension MeteoAlarm {
    /// The credit line MeteoAlarm's terms ask for, with the terms.
    package static let attribution = "Warnings from MeteoAlarm: data provided by EUMETNET members (CC BY 4.0)"

    /// A member country's whole feed (`/api/v1/warnings/feeds-<slug>`), the same request for every
    /// place in it: kept by the answer's own caching headers, else 5 minutes. Nil for a country
    /// with no feed.
    package static func feed(country code: String) -> Endpoint<MeteoAlarmDTO.Feed>? {
        guard let path = feedPath(country: code) else { return nil }
        let name = CountryName.english(code) ?? code.uppercased()
        return Endpoint(
            RequestDescriptor(provider: .meteoAlarm, name: "meteoalarm.feed", subject: "warnings for \(name)", path: path, ttl: 300))
    }
}
