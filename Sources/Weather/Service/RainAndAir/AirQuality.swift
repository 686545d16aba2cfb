import AlmanacClient
import AlmanacCore
import Foundation

/// The air at one place now and its index over the next 24 hours (docs/weather.md, "Air
/// quality"): an index on the European or the US scale, the pollutant that sets it, pollen where
/// given (Europe).
package struct AirQuality: Sendable, Equatable {
    /// An index scale and its bands.
    package enum Scale: String, Sendable, Equatable, CaseIterable {
        /// The European AQI: 0–20 good, 20–40 fair, 40–60 moderate, 60–80 poor, 80–100 very poor,
        /// 100 and over extremely poor (each band from its lower bound).
        case european = "eu"
        /// The US EPA AQI: 0–50 good, 51–100 moderate, 101–150 unhealthy for sensitive groups,
        /// 151–200 unhealthy, 201–300 very unhealthy, 301 and over hazardous.
        case us

        /// The band's words and its rank (0 the best) for `index`.
        package func band(_ index: Double) -> (words: String, rank: Int) {
            switch self {
            case .european:
                let words = ["good", "fair", "moderate", "poor", "very poor", "extremely poor"]
                let rank = min(5, max(0, Int(rounding: index / 20, .down)))
                return (words[rank], rank)
            case .us:
                let bands: [(Double, String)] = [
                    (50, "good"), (100, "moderate"), (150, "unhealthy for sensitive groups"), (200, "unhealthy"), (300, "very unhealthy"),
                ]
                let rounded = index.rounded()
                let rank = bands.firstIndex { rounded <= $0.0 } ?? bands.count
                return (rank < bands.count ? bands[rank].1 : "hazardous", rank)
            }
        }

        /// "European AQI", "US AQI".
        package var name: String { self == .european ? "European AQI" : "US AQI" }
    }

    /// One pollutant: its concentration (µg/m³) and its own index on the scale; `--json` writes
    /// these three fields as they are.
    package struct Pollutant: Sendable, Equatable, Encodable {
        /// `pm2_5`, `pm10`, `ozone`, `nitrogen_dioxide`.
        package var key: String
        package var microgramsPerCubicMetre, index: Double?

        /// "PM2.5", "PM10", "ozone", "nitrogen dioxide".
        package var name: String {
            switch key {
            case "pm2_5": "PM2.5"
            case "pm10": "PM10"
            case "nitrogen_dioxide": "nitrogen dioxide"
            default: key.replacingOccurrences(of: "_", with: " ")
            }
        }
    }

    package var scale: Scale
    /// When the values hold (the hour they were computed for).
    package var time: Date?
    /// The index now; nil when the provider sent none.
    package var index: Double?
    package var pollutants: [Pollutant]
    /// The index hour by hour for the next 24 hours (nil values where none was sent).
    package var hours: [(time: Date, index: Double?)]
    /// Pollen by kind (`birch`, `grass` …), grains/m³; empty outside Europe.
    package var pollen: [(kind: String, grains: Double)]
    /// The pollutant whose own index is highest: the one that sets the index.
    package var dominant: Pollutant? {
        pollutants.filter { $0.index != nil }.max { ($0.index ?? 0) < ($1.index ?? 0) }
    }

    /// Matters enough to be said beside the current weather: moderate or worse.
    package var matters: Bool { index.map { scale.band($0).rank >= 2 } ?? false }

    /// The next 24 hours' highest index and its hour; nil with no values.
    package var peak: (time: Date, index: Double)? {
        hours.compactMap { hour in hour.index.map { (hour.time, $0) } }.max { $0.1 < $1.1 }
    }

    package static func == (lhs: AirQuality, rhs: AirQuality) -> Bool {
        lhs.scale == rhs.scale && lhs.time == rhs.time && lhs.index == rhs.index && lhs.pollutants == rhs.pollutants
            && lhs.hours.elementsEqual(rhs.hours) { $0.time == $1.time && $0.index == $1.index }
            && lhs.pollen.elementsEqual(rhs.pollen) { $0.kind == $1.kind && $0.grains == $1.grains }
    }
}
