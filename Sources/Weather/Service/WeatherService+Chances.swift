import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

extension WeatherService {
    /// The report with the ensemble's odds for each day it covers (`ModelOdds`), and a chance of
    /// precipitation for each day its provider gave none (MET Norway sends none past its first
    /// hours): the share of the GFS ensemble's members with at least 0.1 mm that day
    /// (`EnsembleMapper.wetDay`), from Open-Meteo, keyless. Days the ensemble does not cover keep
    /// none; when it cannot be had the report is returned as it was.
    package func withChances(_ report: WeatherReport) async -> WeatherReport {
        guard report.model != .outlook, !report.daily.isEmpty else { return report }
        let city = report.city
        guard let fetched = try? await client.fetch(EnsembleMapper.endpoint(latitude: city.latitude, longitude: city.longitude)) else {
            return report
        }
        var outlook: [LocalDate: OutlookDay] = [:]
        for day in fetched.value.outlook { outlook[day.date] = day }
        var report = report
        var used = false
        for index in report.daily.indices {
            guard let day = outlook[report.daily[index].date] else { continue }
            report.daily[index].odds = day.odds
            used = used || day.odds != nil
            if report.daily[index].precipitationProbability == nil, let chance = day.precipitationChance {
                report.daily[index].precipitationProbability = chance
                report.chancesModel = .outlook
            }
        }
        guard used else { return report }
        report.provenance = Provenance.combine([report.provenance, fetched.provenance])
        return report
    }
}
