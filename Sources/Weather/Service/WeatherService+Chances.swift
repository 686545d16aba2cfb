import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

extension WeatherService {
    /// The report with a chance of precipitation for each day its provider gave none (MET
    /// Norway sends none past its first hours): the share of the GFS ensemble's members with at
    /// least 0.1 mm that day (`EnsembleMapper.wetDay`), from Open-Meteo, keyless. Days the
    /// ensemble does not cover keep none; when it cannot be had the report is returned as it was.
    package func withChances(_ report: WeatherReport) async -> WeatherReport {
        guard report.model != .outlook, report.daily.contains(where: { $0.precipitationProbability == nil }) else { return report }
        let city = report.city
        guard let fetched = try? await client.fetch(OpenMeteo.ensemble(latitude: city.latitude, longitude: city.longitude)) else { return report }
        var chances: [LocalDate: Double] = [:]
        for day in EnsembleMapper.days(fetched.value) { chances[day.date] = day.precipitationChance }
        var report = report
        var filled = false
        for index in report.daily.indices where report.daily[index].precipitationProbability == nil {
            guard let chance = chances[report.daily[index].date] else { continue }
            report.daily[index].precipitationProbability = chance
            filled = true
        }
        guard filled else { return report }
        report.chancesModel = .outlook
        report.provenance = Provenance.combine([report.provenance, fetched.provenance])
        return report
    }
}
