import AlmanacClient
import AlmanacCore
import Foundation

extension WeatherService {
    /// The report with the place's climate normals (`ClimateNormals`: one archive request a place
    /// a year, kept as the normals themselves); as it was when they cannot be had.
    package func withNormals(_ report: WeatherReport) async -> WeatherReport {
        guard report.normals == nil, !report.daily.isEmpty else { return report }
        let city = report.city
        guard let fetched = try? await client.fetch(ClimateNormals.endpoint(latitude: city.latitude, longitude: city.longitude)) else {
            return report
        }
        var report = report
        report.normals = fetched.value
        report.provenance = Provenance.combine([report.provenance, fetched.provenance])
        return report
    }
}
