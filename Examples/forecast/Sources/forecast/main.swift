import AlmanacKit
import Foundation

// Usage: forecast [PLACE]: the week's forecast for PLACE (Moscow by default) and the
// watchlist's prices, through Almanac's cache-first client, with Almanac's settings.
let almanac = Almanac()
let place = CommandLine.arguments.dropFirst().first ?? "Moscow"
do {
    let forecast = try await almanac.forecast(for: place)
    print("\(forecast.place), \(forecast.days.count) days (\(forecast.source))")
    for day in forecast.days {
        print("\(day.date)  \(Int(day.low.rounded()))…\(Int(day.high.rounded())) °C  \(String(format: "%.1f", day.precipitation)) mm  \(day.summary)")
    }
    for price in try await almanac.prices() {
        let value = price.price.map { String(format: "%.2f", $0) } ?? "—"
        let change = price.changePercent.map { String(format: "%+.2f%%", $0) } ?? ""
        print("\(price.symbol)  \(value)  \(change)  (\(price.source))")
    }
} catch {
    FileHandle.standardError.write(Data("forecast: \(error)\n".utf8))
    exit(1)
}
