import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Crypto
import Deals
import Foundation
import Fruit
import Weather

extension FuzzTarget {
    private static let city = City(name: "Fuzz", latitude: 55.75, longitude: 37.62)
    private static let provenance = Provenance(origin: .live, fetchedAt: Date(timeIntervalSince1970: 1_795_000_000), stale: false)

    /// Each provider's decode, and the map into the domain model where there is one.
    static let providerTargets: [FuzzTarget] = [
        FuzzTarget(name: "twelvedata-quote") { data in
            _ = try? TwelveData.quotes(["BTC/USD"]).decode(data)
            _ = try? TwelveData.quotes(["BTC/USD", "ETH/USD"]).decode(data)
            _ = TwelveData.splitBatch(data, symbols: ["BTC/USD", "ETH/USD"])
            _ = try? TwelveData.exchangeRate("USD/EUR").decode(data)
        },
        FuzzTarget(name: "twelvedata-series") { data in
            _ = try? TwelveData.timeSeries("BTC/USD", start: LocalDate("2026-11-01")!, endExclusive: LocalDate("2026-11-08")!, closed: true).decode(
                data)
        },
        FuzzTarget(name: "twelvedata-catalogue") { data in
            if let catalogue = try? TwelveData.cryptocurrencies().decode(data) { _ = PairResolver.resolve("eth", in: catalogue.data) }
            _ = try? TwelveData.apiUsage().decode(data)
        },
        FuzzTarget(name: "fruityvice") { data in
            if let fruits = try? Fruityvice.all().decode(data) { _ = FruitService.grouped(fruits.map(Fruit.init), by: .family) }
            if let fruit = try? Fruityvice.fruit("banana").decode(data) { _ = Fruit(fruit) }
        },
        FuzzTarget(name: "openweather-onecall") { data in
            if let dto = try? OpenWeather.oneCall(latitude: 1, longitude: 2, lang: "en").decode(data) {
                _ = WeatherMapper.report(dto, city: city, provenance: provenance)
            }
        },
        FuzzTarget(name: "openweather-forecast25") { data in
            let current = try? OpenWeather.current(latitude: 1, longitude: 2, lang: "en").decode(data)
            if let forecast = try? OpenWeather.forecast(latitude: 1, longitude: 2, lang: "en").decode(data), let current {
                _ = WeatherMapper.report(current: current, forecast: forecast, city: city, provenance: provenance)
            }
        },
        FuzzTarget(name: "openweather-climate") { data in
            if let dto = try? OpenWeather.climate(latitude: 1, longitude: 2, days: 25, lang: "en").decode(data) {
                _ = WeatherMapper.climateDays(dto, city: city)
            }
            if let places = try? OpenWeather.geocode("x").decode(data) { _ = PlaceCandidates.fromOpenWeather(places) }
        },
        FuzzTarget(name: "metno") { data in
            if let dto = try? METNorway.forecast(latitude: 1, longitude: 2).decode(data) {
                _ = METMapper.report(dto, city: city, now: provenance.fetchedAt, provenance: provenance)
            }
            _ = METNorway.time(String(decoding: data.prefix(40), as: UTF8.self))
        },
        FuzzTarget(name: "metno-nowcast") { data in
            if let dto = try? METNorway.nowcast(latitude: 1, longitude: 2).decode(data) {
                let steps = WeatherService.steps(dto)
                _ = NowcastSentence(steps: Nowcast(source: .radar, steps: steps).upcoming(from: steps.first?.time ?? Date()), minutes: 5)
            }
        },
        FuzzTarget(name: "openmeteo-sky") { data in
            if let dto = try? OpenMeteo.minutely(latitude: 1, longitude: 2).decode(data) {
                _ = NowcastSentence(steps: WeatherService.steps(dto), minutes: 15)
            }
            if let dto = try? OpenMeteo.air(latitude: 1, longitude: 2).decode(data) {
                for scale in AirQuality.Scale.allCases {
                    let air = WeatherService.air(dto, scale: scale, now: Date())
                    _ = (air.peak, air.dominant, air.index.map { scale.band($0) }, air.pollen.map { Int(rounding: $0.grains) })
                }
            }
        },
        FuzzTarget(name: "openmeteo-geocoding") { data in
            if let search = try? OpenMeteo.search("x", language: "en").decode(data) { _ = PlaceCandidates.fromOpenMeteo(search) }
        },
        FuzzTarget(name: "openmeteo-ensemble") { data in
            if let dto = try? OpenMeteo.ensemble(latitude: 1, longitude: 2).decode(data) {
                _ = EnsembleMapper.forecastDays(EnsembleMapper.days(dto))
            }
            // The answer or its kept form (`EnsembleMapper.endpoint`), and what the cache would keep of it.
            let endpoint = EnsembleMapper.endpoint(latitude: 1, longitude: 2)
            if let outlook = try? endpoint.decode(endpoint.keptForm(of: data)) { _ = EnsembleMapper.forecastDays(outlook.outlook) }
        },
        FuzzTarget(name: "openmeteo-archive") { data in
            // The archive answer or the normals' kept forms (columns, or the rows of before), as a view reads them.
            let endpoint = ClimateNormals.endpoint(latitude: 1, longitude: 2)
            for body in [data, endpoint.keptForm(of: data)] {
                guard let normals = try? endpoint.decode(body) else { continue }
                _ = normals.days.map { Int(rounding: $0.high.mean) + Int(rounding: $0.low.low) + Int(rounding: $0.precipitation.high) }
            }
            let observed = ClimateNormals.observedHighs(
                latitude: 1, longitude: 2, from: LocalDate(year: 2025, month: 1, day: 1), to: LocalDate(year: 2025, month: 1, day: 31))
            _ = try? observed.decode(data)
        },
        FuzzTarget(name: "kraken") { data in
            if let catalogue = try? Kraken.assetPairs().decode(data) {
                _ = Kraken.names(catalogue)
                _ = catalogue.values.map(Kraken.userPair)
            }
            _ = try? Kraken.ticker(["XXBTZUSD"]).decode(data)
            _ = try? Kraken.dailyCandles("XXBTZUSD", since: provenance.fetchedAt).decode(data)
            if let trades = try? Kraken.trades("XXBTZUSD", since: nil).decode(data) {
                _ = trades.trades.enumerated().map { KrakenTape.deal($1, pair: "BTC/USD", index: 0, sequence: Int64($0)) }
            }
        },
        FuzzTarget(name: "metno-alerts") { data in
            if let answer = try? METNorway.alerts(latitude: 1, longitude: 2).decode(data) {
                _ = OfficialWarnings.from(answer, now: provenance.fetchedAt)
            }
            _ = InstantText.parse(String(decoding: data.prefix(40), as: UTF8.self))
        },
        FuzzTarget(name: "nws-alerts") { data in
            if let answer = try? NationalWeatherService.alerts(latitude: 1, longitude: 2).decode(data) {
                _ = OfficialWarnings.from(answer, now: provenance.fetchedAt)
            }
        },
        FuzzTarget(name: "brightsky-alerts") { data in
            if let answer = try? BrightSky.alerts(latitude: 1, longitude: 2).decode(data) {
                _ = OfficialWarnings.from(answer, now: provenance.fetchedAt)
            }
        },
        FuzzTarget(name: "meteoalarm-feed") { data in
            if let feed = try? MeteoAlarm.feed(country: "BA")?.decode(data) {
                _ = OfficialWarnings.from(
                    feed, holds: OfficialWarnings.meteoAlarmArea(holdsLatitude: 44.77, longitude: 17.19), now: provenance.fetchedAt)
            }
            _ = CAPPolygon.holds([String(decoding: data.prefix(200), as: UTF8.self)], latitude: 45.5, longitude: 15.5)
        },
        FuzzTarget(name: "cap-xml") { data in
            // A CAP document and a feed listing them: the XML reader, the message, the links, the rules.
            if let alert = CAP.alert(data) {
                let feed = MeteoAlarmDTO.Feed(warnings: [MeteoAlarmDTO.Entry(alert: alert)])
                _ = OfficialWarnings.from(feed, holds: { CAPPolygon.holds($0.polygon, latitude: 48.75, longitude: 82.37) }, now: provenance.fetchedAt)
            }
            if let links = CAPIndex.links(data) { _ = links.compactMap(CAPFeed.all[0].message(at:)) }
        },
        FuzzTarget(name: "eccc-alerts") { data in
            if let answer = try? ECCC.alerts(latitude: 45.42, longitude: -75.70).decode(data) {
                _ = OfficialWarnings.from(answer, now: provenance.fetchedAt)
            }
        },
        FuzzTarget(name: "yandex") { data in
            if let root = try? YandexGeocoder.geocode("x", lang: "en").decode(data) { _ = PlaceCandidates.fromYandex(root) }
            _ = YandexGeocoder.coordinates(fromPos: String(decoding: data, as: UTF8.self))
        },
    ]
}
