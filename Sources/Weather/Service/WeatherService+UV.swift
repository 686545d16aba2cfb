import AlmanacClient
import AlmanacCore
import AlmanacProviders
import Foundation

extension WeatherService {
    /// The report with a UV index where its forecast sent none (MET Norway sends none): now and
    /// each day's highest, from Open-Meteo's forecast, keyless (docs/weather.md, "UV index").
    /// The outlook has none; when the answer cannot be had the report is returned as it was.
    package func withUV(_ report: WeatherReport) async -> WeatherReport {
        let needsNow = report.current != nil && report.current?.uvIndex == nil
        guard report.model != .outlook, needsNow || report.daily.contains(where: { $0.uvIndex == nil }) else { return report }
        let city = report.city
        guard let fetched = try? await client.fetch(OpenMeteo.uv(latitude: city.latitude, longitude: city.longitude)) else { return report }
        var report = report
        var used = false
        if needsNow, let now = Self.usable(fetched.value.current?.uv_index) {
            report.current?.uvIndex = now
            used = true
        }
        let days = fetched.value.daily
        var highest: [LocalDate: Double] = [:]
        for (index, text) in (days?.time ?? []).enumerated() {
            guard let date = LocalDate(text), let value = days?.uv_index_max.flatMap({ index < $0.count ? $0[index] : nil }) else { continue }
            highest[date] = Self.usable(value)
        }
        for index in report.daily.indices where report.daily[index].uvIndex == nil {
            guard let value = highest[report.daily[index].date] else { continue }
            report.daily[index].uvIndex = value
            used = true
        }
        guard used else { return report }
        report.uvFromOpenMeteo = true
        report.provenance = Provenance.combine([report.provenance, fetched.provenance])
        return report
    }

    /// The WHO's word for a UV index: 0–2 low, 3–5 moderate, 6–7 high, 8–10 very high, 11 and
    /// over extreme (the index rounded to a whole number, as the WHO reports it).
    package static func uvBand(_ index: Double) -> String {
        switch Int(rounding: index) {
        case ..<3: "low"
        case 3...5: "moderate"
        case 6...7: "high"
        case 8...10: "very high"
        default: "extreme"
        }
    }

    /// A UV index a person can be told: finite, 0 to 30 (a hostile answer's `1e300` is left out).
    static func usable(_ value: Double?) -> Double? {
        value.flatMap { $0.isFinite && (0...30).contains($0) ? $0 : nil }
    }
}
