import AlmanacClient
import Foundation

/// The apparent temperature from air temperature, humidity and wind, the US National Weather
/// Service's way, for providers that send none (MET Norway): its wind chill at or below 10 °C
/// with wind above 4.8 km/h, its heat index above 26.7 °C, otherwise the air temperature.
package enum FeelsLike {
    /// Feels-like in °C. `humidity` in % (heat index needs it: without it, the air temperature);
    /// `wind` in m/s.
    package static func celsius(temperature: Double, humidity: Double?, wind: Double?) -> Double {
        let fahrenheit = temperature * 9 / 5 + 32
        let mph = (wind ?? 0) * 2.2369362921
        if temperature <= 10, mph > 3 { return toCelsius(windChill(fahrenheit, mph: mph)) }
        if temperature > 26.7, let humidity { return toCelsius(heatIndex(fahrenheit, humidity: humidity)) }
        return temperature
    }

    /// The NWS wind chill (2001), °F, for °F and mph.
    static func windChill(_ t: Double, mph v: Double) -> Double {
        let power = pow(v, 0.16)
        return 35.74 + 0.6215 * t - 35.75 * power + 0.4275 * t * power
    }

    /// The NWS heat index, °F: Steadman's simple form, else the Rothfusz regression with the
    /// NWS's two adjustments (dry and hot, humid and mild).
    static func heatIndex(_ t: Double, humidity rh: Double) -> Double {
        let simple = 0.5 * (t + 61 + (t - 68) * 1.2 + rh * 0.094)
        guard (simple + t) / 2 >= 80 else { return simple }
        var index =
            -42.379 + 2.04901523 * t + 10.14333127 * rh - 0.22475541 * t * rh - 0.00683783 * t * t - 0.05481717 * rh * rh
            + 0.00122874 * t * t * rh + 0.00085282 * t * rh * rh - 0.00000199 * t * t * rh * rh
        if rh < 13, (80...112).contains(t) { index -= (13 - rh) / 4 * ((17 - abs(t - 95)) / 17).squareRoot() }
        if rh > 85, (80...87).contains(t) { index += (rh - 85) / 10 * ((87 - t) / 5) }
        return index
    }

    private static func toCelsius(_ fahrenheit: Double) -> Double { (fahrenheit - 32) * 5 / 9 }
}
