import Foundation

/// Distances on the Earth as a sphere of its mean radius: saved places within about 1 km are
/// one place (`City.isSamePlace`); a recording answers places within 10 km (`Recording.score`).
package enum GreatCircle {
    /// The mean radius of the Earth, in metres.
    static let radius = 6_371_000.0

    /// Metres between two places given in degrees (haversine).
    package static func metres(_ a: (latitude: Double, longitude: Double), _ b: (latitude: Double, longitude: Double)) -> Double {
        let radians = Double.pi / 180
        let (lat1, lat2) = (a.latitude * radians, b.latitude * radians)
        let dLat = lat2 - lat1
        let dLon = (b.longitude - a.longitude) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return radius * 2 * atan2(h.squareRoot(), (1 - h).squareRoot())
    }
}
