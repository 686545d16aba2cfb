import AlmanacCore
import AlmanacHTTP
import Foundation

extension Provider {
    /// The India Meteorological Department's CAP feed, as the WMO Alert Hub mirrors it (keyless).
    package static let imd = capFeed("imd", "IMD (India)", "ALMANAC_IMD_URL", "https://cap-sources.s3.amazonaws.com")
    /// Roshydromet's CAP feed from the Hydrometcentre of Russia (meteoinfo.ru, keyless).
    package static let roshydromet = capFeed("roshydromet", "Roshydromet", "ALMANAC_ROSHYDROMET_URL", "https://meteoinfo.ru")
    /// Kazhydromet's CAP feed, which the Hydrometcentre of Russia hosts (keyless).
    package static let kazhydromet = capFeed("kazhydromet", "Kazhydromet", "ALMANAC_KAZHYDROMET_URL", "https://meteoalert.meteoinfo.ru")
    /// Macao's Meteorological and Geophysical Bureau's CAP feed (keyless).
    package static let smg = capFeed("smg", "SMG (Macao)", "ALMANAC_SMG_URL", "https://rss.smg.gov.mo")

    /// MetService's CAP feed of New Zealand's severe weather watches and warnings (keyless).
    package static let metService = capFeed("metservice", "MetService (New Zealand)", "ALMANAC_METSERVICE_URL", "https://alerts.metservice.com")
    /// The Hong Kong Observatory's CAP feed (keyless).
    package static let hongKongObservatory = capFeed("hko", "Hong Kong Observatory", "ALMANAC_HKO_URL", "https://alerts.weather.gov.hk")

    /// A keyless CAP feed's provider: `doctor --check` asks its feed; recorded with the keyless set.
    private static func capFeed(_ name: String, _ displayName: String, _ variable: String, _ base: String) -> Provider {
        Provider(
            rawValue: name, displayName: displayName, keyVariable: nil, urlVariable: variable, defaultBaseURL: base, keyPlacement: .none,
            probe: { provider in CAPFeed.all.first { $0.provider == provider }!.index().descriptor }, recordedAs: "metno")
    }
}
