import FrontKit
import Weather

extension Prompt {
    /// The terminal's way to choose among several places that match a name.
    package static let choosePlace: WeatherService.Chooser = { cities in choose("Several places match:", cities.map(\.choiceText)) }
}
