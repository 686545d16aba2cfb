import AlmanacCore
import Foundation

/// Moonrise and moonset computed from the date and place (docs/weather.md, "The moon"): the
/// moon's position from the principal terms of Meeus's lunar theory (Astronomical Algorithms,
/// ch. 47: about 0.01° in longitude), its parallax, and the moment its upper limb meets the
/// horizon with the atmosphere's refraction — the definition MET Norway's Sunrise API uses. A day
/// may have no rise or no set (the moon rises about 50 minutes later each day; near the poles it
/// can stay up or down for days): that part is nil, never invented.
package enum MoonTimes {
    /// The moonrise and moonset of the local day `date` in `timeZone` (midnight to midnight, a
    /// day of 23 or 25 hours at a clock change read as 24 from its midnight).
    package static func of(_ date: LocalDate, timeZone: TimeZone, latitude: Double, longitude: Double) -> Day {
        let utcMidnight = Double(date.dayNumber) * 86400
        let offset = TimeInterval(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: utcMidnight)))
        return of(dayStarting: Date(timeIntervalSince1970: utcMidnight - offset), latitude: latitude, longitude: longitude)
    }

    /// The moonrise and moonset within `start` ..< `start` + 24 h (a local day's midnight to
    /// midnight); nil for either that does not happen in it. The moon's height is sampled every
    /// 10 minutes and each crossing found to a second, from positions interpolated between
    /// 6-hourly ones (`MoonTrack`).
    package static func of(dayStarting start: Date, latitude: Double, longitude: Double) -> Day {
        let track = MoonTrack(from: start, hours: 24)
        let height = { (time: Date) in track.height(time, latitude, longitude) }
        let step: TimeInterval = 600
        var (rise, set): (Date?, Date?) = (nil, nil)
        var previous = (time: start, height: height(start))
        for index in 1...144 {
            let time = start.addingTimeInterval(Double(index) * step)
            let now = height(time)
            if previous.height < 0, now >= 0, rise == nil { rise = crossing(previous.time, time, rising: true, height) }
            if previous.height >= 0, now < 0, set == nil { set = crossing(previous.time, time, rising: false, height) }
            previous = (time, now)
        }
        return Day(moonrise: rise, moonset: set, upAllDay: rise == nil && set == nil ? previous.height >= 0 : nil)
    }

    /// A day's moonrise and moonset (nil: none that day), and, on a day with neither, whether the
    /// moon stays up (true) or down (false) throughout.
    package struct Day: Sendable, Equatable {
        package var moonrise, moonset: Date?
        package var upAllDay: Bool?
    }

    /// The moment between `a` and `b` the upper limb crosses the horizon, to a second.
    static func crossing(_ a: Date, _ b: Date, rising: Bool, _ height: (Date) -> Double) -> Date {
        var (low, high) = (a, b)
        while high.timeIntervalSince(low) > 1 {
            let middle = low.addingTimeInterval(high.timeIntervalSince(low) / 2)
            if (height(middle) < 0) == rising { low = middle } else { high = middle }
        }
        return low.addingTimeInterval(high.timeIntervalSince(low) / 2)
    }

    /// The geocentric altitude of the moon's centre above the altitude at which its upper limb
    /// touches the horizon (Meeus 15: h0 = 0.7275 π − 0°34′, π the horizontal parallax), degrees.
    static func height(_ time: Date, _ latitude: Double, _ longitude: Double) -> Double {
        height(MoonPosition(time), latitude, longitude)
    }

    /// The same, for the moon at `position`.
    static func height(_ position: MoonPosition, _ latitude: Double, _ longitude: Double) -> Double {
        let siderealTime = 280.46061837 + 360.98564736629 * position.daysSinceJ2000 + 0.000387933 * position.centuries * position.centuries
        let hourAngle = (siderealTime + longitude - position.rightAscension) * .pi / 180
        let (phi, delta) = (latitude * .pi / 180, position.declination * .pi / 180)
        let altitude = asin(sin(phi) * sin(delta) + cos(phi) * cos(delta) * cos(hourAngle)) * 180 / .pi
        let parallax = asin(6378.14 / position.distance) * 180 / .pi
        return altitude - (0.7275 * parallax - 34.0 / 60)
    }
}

/// The moon's positions over a span, computed every 6 hours (from 6 hours before it to 6 after)
/// and interpolated between by Lagrange's cubic through the four nearest: the moon's right
/// ascension, declination and distance change smoothly enough over a day that a rise or set
/// found on them is within a second of one found computing each instant (0.59 s at most in
/// MoonTimesTests, which allows 2), for
/// 7 positions a day instead of about 170.
struct MoonTrack {
    static let spacing: TimeInterval = 6 * 3600
    let first: Date
    /// Right ascension unwrapped (continuous past 360°), declination, distance, at each node.
    let nodes: [(rightAscension: Double, declination: Double, distance: Double)]

    init(from start: Date, hours: Double) {
        first = start.addingTimeInterval(-Self.spacing)
        let count = Int(rounding: hours * 3600 / Self.spacing, .up) + 3
        var nodes: [(Double, Double, Double)] = []
        for index in 0..<count {
            let position = MoonPosition(first.addingTimeInterval(Double(index) * Self.spacing))
            var rightAscension = position.rightAscension
            if let last = nodes.last?.0 { rightAscension += 360 * ((last - rightAscension) / 360).rounded() }
            nodes.append((rightAscension, position.declination, position.distance))
        }
        self.nodes = nodes
    }

    /// The moon's position at `time`, within the span.
    func position(_ time: Date) -> MoonPosition {
        let x = time.timeIntervalSince(first) / Self.spacing
        let base = min(max(Int(rounding: x, .down) - 1, 0), nodes.count - 4)
        let u = x - Double(base)
        // Lagrange's weights for nodes at 0, 1, 2, 3.
        let weights = [
            -(u - 1) * (u - 2) * (u - 3) / 6, u * (u - 2) * (u - 3) / 2, -u * (u - 1) * (u - 3) / 2, u * (u - 1) * (u - 2) / 6,
        ]
        var (alpha, delta, distance) = (0.0, 0.0, 0.0)
        for (offset, weight) in weights.enumerated() {
            let node = nodes[base + offset]
            (alpha, delta, distance) = (alpha + weight * node.rightAscension, delta + weight * node.declination, distance + weight * node.distance)
        }
        return MoonPosition(time, rightAscension: alpha, declination: delta, distance: distance)
    }

    func height(_ time: Date, _ latitude: Double, _ longitude: Double) -> Double {
        MoonTimes.height(position(time), latitude, longitude)
    }
}

/// The moon's geocentric right ascension, declination (degrees) and distance (km) at an instant.
struct MoonPosition {
    var rightAscension, declination, distance: Double
    var daysSinceJ2000, centuries: Double

    /// The moon at `time`, given its position (interpolated: `MoonTrack`).
    init(_ time: Date, rightAscension: Double, declination: Double, distance: Double) {
        daysSinceJ2000 = time.timeIntervalSince1970 / 86400 + 2_440_587.5 - 2_451_545.0
        centuries = daysSinceJ2000 / 36525
        (self.rightAscension, self.declination, self.distance) = (rightAscension, declination, distance)
    }

    init(_ time: Date) {
        daysSinceJ2000 = time.timeIntervalSince1970 / 86400 + 2_440_587.5 - 2_451_545.0
        let t = daysSinceJ2000 / 36525
        centuries = t
        let (longitude, latitude, distance) = Self.ecliptic(t)
        let (nutationInLongitude, nutationInObliquity) = Self.nutation(t)
        let obliquity = (23.4392911 - 0.0130042 * t + nutationInObliquity) * .pi / 180
        let (lambda, beta) = ((longitude + nutationInLongitude) * .pi / 180, latitude * .pi / 180)
        rightAscension = atan2(sin(lambda) * cos(obliquity) - tan(beta) * sin(obliquity), cos(lambda)) * 180 / .pi
        declination = asin(sin(beta) * cos(obliquity) + cos(beta) * sin(obliquity) * sin(lambda)) * 180 / .pi
        self.distance = distance
    }

    /// The nutation in longitude and in obliquity, degrees (Meeus 22's principal terms: 0.5″).
    static func nutation(_ t: Double) -> (Double, Double) {
        let r = Double.pi / 180
        let omega = (125.04452 - 1934.136261 * t) * r
        let sun = (280.4665 + 36000.7698 * t) * r
        let moon = (218.3165 + 481267.8813 * t) * r
        let longitude = -17.20 * sin(omega) - 1.32 * sin(2 * sun) - 0.23 * sin(2 * moon) + 0.21 * sin(2 * omega)
        let obliquity = 9.20 * cos(omega) + 0.57 * cos(2 * sun) + 0.10 * cos(2 * moon) - 0.09 * cos(2 * omega)
        return (longitude / 3600, obliquity / 3600)
    }

    /// Meeus 47's mean elements and principal periodic terms: ecliptic longitude and latitude
    /// (degrees) and distance (km), `t` in Julian centuries from J2000.
    static func ecliptic(_ t: Double) -> (Double, Double, Double) {
        let r = Double.pi / 180
        let lPrime = 218.3164477 + 481267.88123421 * t - 0.0015786 * t * t
        let d = (297.8501921 + 445267.1114034 * t - 0.0018819 * t * t) * r
        let m = (357.5291092 + 35999.0502909 * t - 0.0001536 * t * t) * r
        let mPrime = (134.9633964 + 477198.8675055 * t + 0.0087414 * t * t) * r
        let f = (93.2720950 + 483202.0175233 * t - 0.0036539 * t * t) * r
        let e = 1 - 0.002516 * t - 0.0000074 * t * t
        var (sumL, sumR, sumB) = (0.0, 0.0, 0.0)
        for term in longitudeTerms {
            let argument = Double(term.d) * d + Double(term.m) * m + Double(term.mp) * mPrime + Double(term.f) * f
            let factor = abs(term.m) == 1 ? e : abs(term.m) == 2 ? e * e : 1
            sumL += factor * term.l * sin(argument)
            sumR += factor * term.r * cos(argument)
        }
        for term in latitudeTerms {
            let argument = Double(term.d) * d + Double(term.m) * m + Double(term.mp) * mPrime + Double(term.f) * f
            sumB += (abs(term.m) == 1 ? e : abs(term.m) == 2 ? e * e : 1) * term.b * sin(argument)
        }
        let (a1, a2, a3) = ((119.75 + 131.849 * t) * r, (53.09 + 479264.290 * t) * r, (313.45 + 481266.484 * t) * r)
        let lp = lPrime * r
        sumL += 3958 * sin(a1) + 1962 * sin(lp - f) + 318 * sin(a2)
        sumB += -2235 * sin(lp) + 382 * sin(a3) + 175 * sin(a1 - f) + 175 * sin(a1 + f) + 127 * sin(lp - mPrime) - 115 * sin(lp + mPrime)
        return (lPrime + sumL / 1_000_000, sumB / 1_000_000, 385000.56 + sumR / 1000)
    }

    /// Table 47.A's principal terms: multiples of D, M, M′, F; longitude (10⁻⁶°) and distance (m).
    static let longitudeTerms: [(d: Int, m: Int, mp: Int, f: Int, l: Double, r: Double)] = [
        (0, 0, 1, 0, 6_288_774, -20_905_355), (2, 0, -1, 0, 1_274_027, -3_699_111), (2, 0, 0, 0, 658_314, -2_955_968),
        (0, 0, 2, 0, 213_618, -569_925), (0, 1, 0, 0, -185_116, 48_888), (0, 0, 0, 2, -114_332, -3_149), (2, 0, -2, 0, 58_793, 246_158),
        (2, -1, -1, 0, 57_066, -152_138), (2, 0, 1, 0, 53_322, -170_733), (2, -1, 0, 0, 45_758, -204_586), (0, 1, -1, 0, -40_923, -129_620),
        (1, 0, 0, 0, -34_720, 108_743), (0, 1, 1, 0, -30_383, 104_755), (2, 0, 0, -2, 15_327, 10_321), (0, 0, 1, 2, -12_528, 0),
        (0, 0, 1, -2, 10_980, 79_661), (4, 0, -1, 0, 10_675, -34_782), (0, 0, 3, 0, 10_034, -23_210), (4, 0, -2, 0, 8_548, -21_636),
        (2, 1, -1, 0, -7_888, 24_208), (2, 1, 0, 0, -6_766, 30_824), (1, 0, -1, 0, -5_163, -8_379), (1, 1, 0, 0, 4_987, -16_675),
        (2, -1, 1, 0, 4_036, -12_831), (2, 0, 2, 0, 3_994, -10_445), (4, 0, 0, 0, 3_861, -11_650), (2, 0, -3, 0, 3_665, 14_403),
        (0, 1, -2, 0, -2_689, -7_003), (2, 0, -1, 2, -2_602, 0), (2, -1, -2, 0, 2_390, 10_056), (1, 0, 1, 0, -2_348, 6_322),
        (2, -2, 0, 0, 2_236, -9_884),
    ]

    /// Table 47.B's principal terms: multiples of D, M, M′, F; latitude (10⁻⁶°).
    static let latitudeTerms: [(d: Int, m: Int, mp: Int, f: Int, b: Double)] = [
        (0, 0, 0, 1, 5_128_122), (0, 0, 1, 1, 280_602), (0, 0, 1, -1, 277_693), (2, 0, 0, -1, 173_237), (2, 0, -1, 1, 55_413),
        (2, 0, -1, -1, 46_271), (2, 0, 0, 1, 32_573), (0, 0, 2, 1, 17_198), (2, 0, 1, -1, 9_266), (0, 0, 2, -1, 8_822),
        (2, -1, 0, -1, 8_216), (2, 0, -2, -1, 4_324), (2, 0, 1, 1, 4_200), (2, 1, 0, -1, -3_359), (2, -1, -1, 1, 2_463),
        (2, -1, 0, 1, 2_211), (2, -1, -1, -1, 2_065), (0, 1, -1, -1, -1_870), (4, 0, -1, -1, 1_828), (0, 1, 0, 1, -1_794),
    ]
}
