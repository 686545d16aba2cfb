import Foundation
import FrontKit
import Weather

/// Weather's errors on the command line (`CommandLineError`): the command that adds a place, the
/// `--pick` that chooses among several; an expired nowcast is unavailable (69), not bad input.
extension WeatherError: CommandLineError {
    package var commandLineHint: String? {
        switch self {
        case .noSavedCities: "almanac weather add NAME"
        case .noDefaultCity: "almanac weather add NAME, or almanac weather Moscow"
        case .ambiguous: "--pick N"
        case .choiceOutOfRange(_, let count, _): "--pick 1 to \(count)"
        default: nil
        }
    }

    package var exitStatus: Int32? {
        if case .nowcastExpired = self { return ExitStatus.unavailable }
        return nil
    }
}

extension WeatherSettings.Units: OptionWord { package static let flag = "--units" }
extension WeatherSettings.Wind: OptionWord { package static let flag = "--wind" }
extension WeatherSettings.Clock: OptionWord { package static let flag = "--time" }
extension ForecastSources.Choice: OptionWord { package static let flag = "--provider" }
extension AirQuality.Scale: OptionWord {
    package static let flag = "--aqi"
    package static let anyCase = true
}
