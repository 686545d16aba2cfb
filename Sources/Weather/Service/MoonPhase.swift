import AlmanacClient
import Foundation

/// The moon's phase at an instant, from the sun–moon elongation (Meeus, *Astronomical
/// Algorithms* ch. 48, the short series: about a degree, an hour or two of the moon's age),
/// for the status line's `%m` and `%M` and for providers that send no moon phase.
package struct MoonPhase: Equatable, Sendable {
    /// The mean synodic month, days.
    package static let synodicMonth = 29.530588853

    /// 0 new, 0.25 first quarter, 0.5 full, 0.75 last quarter, back to 1 (new).
    package var fraction: Double

    /// The phase at `date`.
    package init(at date: Date) {
        let radians = Double.pi / 180
        let t = (date.timeIntervalSince1970 / 86400 + 2_440_587.5 - 2_451_545) / 36525
        let elongation = 297.8501921 + 445_267.1114034 * t  // D, the mean elongation
        let sunAnomaly = 357.5291092 + 35_999.0502909 * t  // M
        let moonAnomaly = 134.9633964 + 477_198.8675055 * t  // M′
        // The phase angle's main terms (Meeus 48.4), turned into the true elongation 180° − i.
        let corrections =
            6.289 * sin(moonAnomaly * radians) - 2.100 * sin(sunAnomaly * radians) + 1.274 * sin((2 * elongation - moonAnomaly) * radians)
            + 0.658 * sin(2 * elongation * radians) + 0.214 * sin(2 * moonAnomaly * radians) + 0.110 * sin(elongation * radians)
        let degrees = (elongation + corrections).truncatingRemainder(dividingBy: 360)
        fraction = (degrees < 0 ? degrees + 360 : degrees) / 360
    }

    /// Days since the last new moon, 0 ..< 29.53.
    package var age: Double { fraction * Self.synodicMonth }

    /// Which of the eight phases, 0 (new) … 4 (full) … 7 (waning crescent); each centred on its
    /// moment, as wttr.in draws them.
    package var octant: Int { Int(rounding: fraction * 8 + 0.5, .down) % 8 }

    /// 🌑 🌒 🌓 🌔 🌕 🌖 🌗 🌘
    package var icon: String { ["🌑", "🌒", "🌓", "🌔", "🌕", "🌖", "🌗", "🌘"][octant] }

    /// A provider's phase (0 new, 0.5 full) named as a day's forecast shows it: each quarter a
    /// narrow band around its moment (±0.03), the crescents and gibbous phases between.
    package static func name(ofProviderPhase phase: Double) -> String {
        switch phase {
        case ..<0.03, 0.97...: "New moon"
        case ..<0.22: "Waxing crescent"
        case ..<0.28: "First quarter"
        case ..<0.47: "Waxing gibbous"
        case ..<0.53: "Full moon"
        case ..<0.72: "Waning gibbous"
        case ..<0.78: "Last quarter"
        default: "Waning crescent"
        }
    }

    /// `New moon`, `Waxing crescent`, …
    package var name: String {
        ["New moon", "Waxing crescent", "First quarter", "Waxing gibbous", "Full moon", "Waning gibbous", "Last quarter", "Waning crescent"][octant]
    }
}
