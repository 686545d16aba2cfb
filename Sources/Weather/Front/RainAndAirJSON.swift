import AlmanacClient
import AlmanacCore
import AlmanacProviders
import Foundation
import FrontKit
import Weather

/// `weather rain --json` and `weather air --json` (docs/json.md): times as ISO 8601, rates in
/// mm/h, indices and concentrations as numbers, with the source and the resolution.
package enum RainAndAirJSON {
    package struct Rain: Encodable {
        package var city: City
        package var provider: String
        package var resolutionMinutes: Int
        package var model, sentence: String
        package var steps: [Step]

        package struct Step: Encodable {
            package var time: Date
            package var mmPerHour: Double?
        }
    }

    package static func rain(_ answer: WeatherService.NowcastAnswer, city: City, clock: (Date) -> String) -> Sourced<Rain> {
        let (steps, source) = (answer.upcoming, answer.nowcast.source)
        let rain = Rain(
            city: city, provider: source == .radar ? "metno" : "openmeteo-forecast", resolutionMinutes: source.minutes,
            model: source.rawValue, sentence: answer.sentence.sentence(clock: clock),
            steps: steps.map { Rain.Step(time: $0.time, mmPerHour: $0.millimetresPerHour) })
        return Sourced(rain, answer.provenance)
    }

    package struct Air: Encodable {
        package var city: City
        package var scale: String
        package var index: Double?
        package var band, dominant: String?
        package var time: Date?
        package var pollutants: [AirQuality.Pollutant]
        package var hours: [Hour]
        package var pollen: [String: Double]

        package struct Hour: Encodable {
            package var time: Date
            package var index: Double?
        }
    }

    package static func air(_ air: AirQuality, city: City, provenance: Provenance) -> Sourced<Air> {
        let body = Air(
            city: city, scale: air.scale.rawValue, index: air.index, band: air.index.map { air.scale.band($0).words },
            dominant: air.dominant?.key, time: air.time,
            pollutants: air.pollutants,
            hours: air.hours.map { Air.Hour(time: $0.time, index: $0.index) },
            pollen: Dictionary(air.pollen.map { ($0.kind, $0.grains) }, uniquingKeysWith: { first, _ in first }))
        return Sourced(body, provenance)
    }
}
