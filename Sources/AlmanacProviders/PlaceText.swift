import AlmanacCore
import AlmanacHTTP

/// A place's coordinates as the providers' requests carry them and as messages name them.
enum PlaceText {
    /// `55.76,37.62`: a place in a request's subject, for messages.
    static func place(_ latitude: Double, _ longitude: Double) -> String {
        DecimalText.fixed(latitude, 2) + "," + DecimalText.fixed(longitude, 2)
    }

    /// The coordinates with 4 decimals under the provider's own names (`lat` and `lon` by
    /// default; Open-Meteo's `latitude` and `longitude`). MET Norway's rule differs
    /// (`METNorway.coordinate`).
    static func query(_ latitude: Double, _ longitude: Double, names: (String, String) = ("lat", "lon")) -> [QueryItem] {
        [QueryItem(names.0, DecimalText.fixed(latitude, 4)), QueryItem(names.1, DecimalText.fixed(longitude, 4))]
    }
}
