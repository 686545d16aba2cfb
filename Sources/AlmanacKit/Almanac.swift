import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import Crypto
import Foundation
import Weather

/// The library's public face, for programs outside this repository (`Examples/forecast`):
/// forecasts and crypto prices through the same cache-first client the `almanac` command
/// uses — its cache, its sample data, its settings (`ALMANAC_HOME`, the keys, the providers'
/// base URLs, `ALMANAC_OFFLINE`) — and nothing else. Everything else in the package is
/// `package`: free to change without breaking anyone.
public struct Almanac: Sendable {
    private let context: AppContext

    /// A client configured from `environment` (the process's by default, as `almanac` reads it,
    /// `.env` included); `offline` answers from the cache and the sample data only. Notes the
    /// client would print (a missing key, a stale answer) go nowhere.
    public init(environment: [String: String]? = nil, offline: Bool = false) {
        let merged = environment.map { Environment($0) } ?? Environment.load()
        let configuration = Configuration(environment: merged, offline: offline)
        let client = DataClient.standard(configuration, console: .silent)
        context = AppContext(configuration: configuration, console: .silent, client: client)
    }

    /// The forecast for the first place called `place` (the geocoder's best match), `days`
    /// days from today (1 to 16; 7 by default): MET Norway with no key, OpenWeatherMap with one.
    public func forecast(for place: String, days: Int = 7) async throws -> Forecast {
        let service = WeatherService(context: context)
        let city = try await service.resolve(place, pick: 1, chooser: nil)
        let report = try await service.forecast(for: city, days: min(max(days, 1), 16))
        return Forecast(report)
    }

    /// Today's price of each pair on the saved watchlist (the sample list until one is saved),
    /// in its quote currency: Twelve Data.
    public func prices() async throws -> [Price] {
        let prices = try await CryptoService(context: context).prices()
        return prices.rows.map { Price($0, source: Source(prices.provenance)) }
    }
}

/// Where an answer came from: the provider in this run, the cache (how old), or the recorded
/// sample data.
public enum Source: Sendable, Equatable, CustomStringConvertible {
    /// Fetched from the provider in this run.
    case live
    /// From the cache, fetched at that time; `stale` past its freshness.
    case cache(fetchedAt: Date, stale: Bool)
    /// The recorded sample data shipped with the program.
    case sample

    init(_ provenance: Provenance) {
        switch provenance.origin {
        case .live: self = .live
        case .cache: self = .cache(fetchedAt: provenance.fetchedAt, stale: provenance.stale)
        case .fixture: self = .sample
        }
    }

    /// `live`, `cache` or `sample data`.
    public var description: String {
        switch self {
        case .live: "live"
        case .cache(_, let stale): stale ? "cache (stale)" : "cache"
        case .sample: "sample data"
        }
    }
}

/// A place's days ahead.
public struct Forecast: Sendable {
    /// One day: its date in the place's calendar and what it holds.
    public struct Day: Sendable {
        /// `YYYY-MM-DD` in the place's own calendar.
        public let date: String
        /// Lowest and highest temperature, °C.
        public let low: Double, high: Double
        /// Precipitation over the day, mm.
        public let precipitation: Double
        /// The day's weather in words ("light rain").
        public let summary: String
    }

    /// The place as the geocoder names it ("Moscow, Russia").
    public let place: String
    /// Days ahead, today first (for the sample data: the recording's days, its first day first).
    public let days: [Day]
    /// Where it came from.
    public let source: Source

    init(_ report: WeatherReport) {
        place = report.city.label
        days = report.daily.map {
            Day(date: $0.date.description, low: $0.minimum, high: $0.maximum, precipitation: $0.precipitation, summary: $0.description)
        }
        source = Source(report.provenance)
    }
}

/// One pair's price today.
public struct Price: Sendable {
    /// The pair as the watchlist holds it ("BTC/USD").
    public let symbol: String
    /// The price in the pair's quote currency; nil when the provider had none.
    public let price: Double?
    /// Change since the previous close, in percent; nil when unknown.
    public let changePercent: Double?
    /// Where it came from.
    public let source: Source

    init(_ row: PriceRow, source: Source) {
        symbol = row.symbol
        price = row.price
        changePercent = row.changePercent
        self.source = source
    }
}
