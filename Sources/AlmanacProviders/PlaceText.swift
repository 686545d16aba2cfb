import AlmanacCore
import AlmanacHTTP
import Foundation

/// A place's coordinates as the providers' requests carry them and as messages name them.
enum PlaceText {
    /// `55.76,37.62`: a place in a request's subject, for messages.
    static func place(_ latitude: Double, _ longitude: Double) -> String {
        DecimalText.fixed(latitude, 2) + "," + DecimalText.fixed(longitude, 2)
    }

    /// A coordinate with at most 4 decimals and no trailing zeros (`59.9139`, `10.75`,
    /// `-0.1278`, never `-0`): MET Norway's rule, which the warning services take too.
    static func coordinate(_ value: Double) -> String {
        var text = DecimalText.fixed(value, 4)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// `lat` and `lon` by `coordinate`'s rule (MET Norway's endpoints, Bright Sky's).
    static func trimmedQuery(_ latitude: Double, _ longitude: Double) -> [QueryItem] {
        [QueryItem("lat", coordinate(latitude)), QueryItem("lon", coordinate(longitude))]
    }

    /// The coordinates with 4 decimals under the provider's own names (`lat` and `lon` by
    /// default; Open-Meteo's `latitude` and `longitude`). MET Norway's rule differs
    /// (`trimmedQuery`).
    static func query(_ latitude: Double, _ longitude: Double, names: (String, String) = ("lat", "lon")) -> [QueryItem] {
        [QueryItem(names.0, DecimalText.fixed(latitude, 4)), QueryItem(names.1, DecimalText.fixed(longitude, 4))]
    }
}

extension RequestDescriptor {
    /// A request about a point, said as "`what` at 55.76,37.62" in messages; `query` names the
    /// point by the provider's own rule (`PlaceText.trimmedQuery`, `PlaceText.query`).
    static func about(
        _ what: String, at latitude: Double, _ longitude: Double, provider: Provider, name: String, path: String, query: [QueryItem],
        ttl: TimeInterval
    ) -> RequestDescriptor {
        RequestDescriptor(
            provider: provider, name: name, subject: "\(what) at \(PlaceText.place(latitude, longitude))", path: path, query: query, ttl: ttl)
    }
}
