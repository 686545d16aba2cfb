import AlmanacCore
import AlmanacHTTP
import Foundation

extension Provider {
    /// Keyless forecasts (Locationforecast 2.0); its terms ask for an identifying User-Agent,
    /// at most 4 decimals in coordinates, and no request before an answer's `Expires`.
    package static let metNorway = Provider(
        rawValue: "metno", displayName: "MET Norway", keyVariable: nil, urlVariable: "ALMANAC_METNO_URL",
        defaultBaseURL: "https://api.met.no", keyPlacement: .none,
        probe: { _ in METNorway.forecast(latitude: 59.9139, longitude: 10.7522).descriptor })
}
