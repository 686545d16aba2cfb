import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// What the sample data covers (docs/architecture.md §3, "Sample data"): a place it offers
/// answers every view, and a place within 10 km of a recorded one answers from it, saying so.
extension WeatherService {
    /// The recorded places of a capability's provider: each recording's coordinates.
    func recordedPlaces(_ capability: ForecastSources.Capability) -> [(latitude: Double, longitude: Double)] {
        guard let fixtures = client.samples.fixtures else { return [] }
        let probe: RequestDescriptor =
            switch runSources.provider(capability) {
            case .metNorway: METNorway.forecast(latitude: 0, longitude: 0).descriptor
            case .openMeteoEnsemble: OpenMeteo.ensemble(latitude: 0, longitude: 0).descriptor
            case .openWeatherPro: OpenWeather.climate(latitude: 0, longitude: 0, days: 30, lang: "en").descriptor
            default: OpenWeather.oneCall(latitude: 0, longitude: 0, lang: "en").descriptor
            }
        return fixtures.places(for: probe)
    }

    /// The nearest of `places` within 10 km of `city`, with its distance in metres.
    static func nearest(_ city: City, among places: [(latitude: Double, longitude: Double)])
        -> (place: (latitude: Double, longitude: Double), metres: Double)?
    {
        places.map { ($0, GreatCircle.metres($0, (city.latitude, city.longitude))) }
            .filter { $0.1 <= Recording.nearbyMetres }.min { $0.1 < $1.1 }
    }

    /// The places a sample geocoder answer offers that the sample data answers every view for:
    /// near a recorded forecast and a recorded outlook (each recording list read once). A live
    /// answer is kept whole.
    func offerable(_ places: [City], origin: DataOrigin) -> [City] {
        guard origin == .fixture else { return places }
        let (forecasts, outlooks) = (recordedPlaces(.forecast), recordedPlaces(.outlook))
        return places.filter { Self.nearest($0, among: forecasts) != nil && Self.nearest($0, among: outlooks) != nil }
    }

    /// For an answer from the sample data recorded for a nearby place rather than this one:
    /// "note: the sample data has no forecast for X; showing the one recorded 3 km away.", once a run.
    func noteNearby(_ city: City, origin: DataOrigin, _ capability: ForecastSources.Capability) {
        guard origin == .fixture, let nearest = Self.nearest(city, among: recordedPlaces(capability)), nearest.metres >= 100 else { return }
        let km = max(1, Int(rounding: nearest.metres / 1000))
        console.noteOnce("note: the sample data has no \(capability.rawValue) for \(city.label) itself; showing the one recorded \(km) km away.")
    }
}
