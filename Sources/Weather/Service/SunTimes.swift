import AlmanacClient
import AlmanacCore
import Foundation

/// Sunrise, sunset, civil dawn and dusk and solar noon computed from the date and place
/// (NOAA's solar equations: the sun's declination and the equation of time, refraction included,
/// to about a minute), for providers that do not send them (MET Norway's compact forecast) and
/// for the status line's `%D %z %d` codes.
package enum SunTimes {
    /// The sun's centre this far from the zenith at sunrise and sunset: 90° plus its radius and
    /// the atmosphere's refraction at the horizon.
    static let horizon = 90.833
    /// The sun 6° below the horizon: civil dawn and dusk.
    static let civil = 96.0

    /// Sunrise and sunset on the UTC calendar day `date` at a place (the sun's centre `zenith`
    /// degrees from the zenith, rising then setting); nil for either when the sun does not cross
    /// the horizon that day (polar night or midnight sun).
    package static func of(_ date: LocalDate, latitude: Double, longitude: Double, zenith: Double = horizon) -> (sunrise: Date?, sunset: Date?) {
        let (declination, equationOfTime) = sun(julianCentury(date))
        let lat = latitude * .pi / 180
        let cosHourAngle = (cos(zenith * .pi / 180) / (cos(lat) * cos(declination))) - tan(lat) * tan(declination)
        guard (-1...1).contains(cosHourAngle) else { return (nil, nil) }
        let hourAngle = acos(cosHourAngle) * 180 / .pi
        let solarNoonMinutes = 720 - 4 * longitude - equationOfTime
        let base = Double(date.dayNumber) * 86400
        return (
            Date(timeIntervalSince1970: base + (solarNoonMinutes - hourAngle * 4) * 60),
            Date(timeIntervalSince1970: base + (solarNoonMinutes + hourAngle * 4) * 60)
        )
    }

    /// Civil dawn and dusk (the sun 6° below the horizon) on the UTC day `date`; nil for either
    /// when the sun never goes that low, or never that high.
    package static func twilight(_ date: LocalDate, latitude: Double, longitude: Double) -> (dawn: Date?, dusk: Date?) {
        let times = of(date, latitude: latitude, longitude: longitude, zenith: civil)
        return (times.sunrise, times.sunset)
    }

    /// The moment the sun is highest on the UTC day `date` at `longitude` (degrees east).
    package static func solarNoon(_ date: LocalDate, longitude: Double) -> Date {
        let (_, equationOfTime) = sun(julianCentury(date))
        return Date(timeIntervalSince1970: Double(date.dayNumber) * 86400 + (720 - 4 * longitude - equationOfTime) * 60)
    }

    /// Julian centuries since J2000.0 at noon UTC of `date`.
    static func julianCentury(_ date: LocalDate) -> Double {
        let noon = Double(date.dayNumber) * 86400 + 43200
        return (noon / 86400 + 2_440_587.5 - 2_451_545) / 36525
    }

    /// The sun's declination (radians) and the equation of time (minutes) at a Julian century.
    static func sun(_ t: Double) -> (declination: Double, equationOfTime: Double) {
        let radians = Double.pi / 180
        let meanLongitude = (280.46646 + t * (36000.76983 + t * 0.0003032)).truncatingRemainder(dividingBy: 360)
        let meanAnomaly = 357.52911 + t * (35999.05029 - 0.0001537 * t)
        let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let center =
            sin(meanAnomaly * radians) * (1.914602 - t * (0.004817 + 0.000014 * t)) + sin(2 * meanAnomaly * radians) * (0.019993 - 0.000101 * t)
            + sin(3 * meanAnomaly * radians) * 0.000289
        let apparentLongitude = meanLongitude + center - 0.00569 - 0.00478 * sin((125.04 - 1934.136 * t) * radians)
        let obliquity =
            23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60 + 0.00256 * cos((125.04 - 1934.136 * t) * radians)
        let declination = asin(sin(obliquity * radians) * sin(apparentLongitude * radians))
        let y = pow(tan(obliquity * radians / 2), 2)
        let equation =
            y * sin(2 * meanLongitude * radians) - 2 * eccentricity * sin(meanAnomaly * radians) + 4 * eccentricity * y
            * sin(meanAnomaly * radians) * cos(2 * meanLongitude * radians) - 0.5 * y * y * sin(4 * meanLongitude * radians) - 1.25
            * eccentricity * eccentricity * sin(2 * meanAnomaly * radians)
        return (declination, 4 * equation / radians)
    }
}
