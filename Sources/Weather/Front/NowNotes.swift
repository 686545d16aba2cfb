import FrontKit
import Weather

/// The lines `weather now` adds when they matter (docs/weather.md, "Rain in the next two hours"):
/// rain within the next two hours, and the air at moderate or worse. Each is asked beside the
/// forecast; one that cannot be had is left out, never failing the view.
package enum RainAndAirNotes {
    package static func lines(for city: City, service: WeatherService, settings: WeatherSettings) async -> [String] {
        let city = WeatherService.withZone(city)
        let format = WeatherFormat(settings: settings, timeZone: city.timeZone)
        async let rain = try? service.nowcast(for: city)
        async let air = try? service.air(for: city, scale: nil)
        var lines: [String] = []
        if let sentence = await rain?.sentence, sentence.expectsRain {
            lines.append("☔ " + sentence.sentence(clock: format.time) + " (weather rain)")
        }
        if let air = await air?.air, air.matters { lines.append("Air: " + RainAndAirView.headline(air) + " (weather air)") }
        return lines
    }
}
