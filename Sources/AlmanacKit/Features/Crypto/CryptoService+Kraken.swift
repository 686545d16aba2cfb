import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

/// Which provider prices crypto: `crypto settings --provider`.
package enum CryptoProviderChoice: String, Codable, Sendable, CaseIterable {
    /// Twelve Data with a key, else Kraken's keyless public API.
    case auto
    case twelvedata
    case kraken
}

extension CryptoService {
    /// Whether Kraken answers this run: pinned, or `auto` with no Twelve Data key, online.
    package var usesKraken: Bool {
        let choice = (try? settingsDocument().provider) ?? .auto
        switch choice {
        case .kraken: return !configuration.offline
        case .twelvedata: return false
        case .auto: return configuration.key(for: .twelveData) == nil && !configuration.offline
        }
    }

    /// The watchlist priced by one Kraken `Ticker` request (the catalogue maps each pair to
    /// Kraken's name first: `BTC/USD` is `XXBTZUSD`, through its `wsname` `XBT/USD`); a pair
    /// Kraken does not list says so in its row. Nil when Kraken cannot be reached and nothing of
    /// it is cached: the caller shows the recorded sample data instead.
    func krakenPrices(_ list: Watchlist) async throws -> WatchlistPrices? {
        guard let names = try await krakenNames() else { return nil }
        let wanted = list.items.compactMap { names.value[$0.symbol] }
        var results: [String: Fetched<TwelveDataDTO.QuoteResult>] = [:]
        if !wanted.isEmpty {
            guard let tickers = try await reachable({ try await client.fetch(Kraken.ticker(wanted)) }) else { return nil }
            for item in list.items {
                guard let name = names.value[item.symbol] else { continue }
                results[item.symbol] = tickers.map { answer in
                    answer[name].map { .quote(Self.quote(item.symbol, $0)) } ?? .failure("Kraken sent no price for \(item.symbol)")
                }
            }
        }
        for item in list.items where names.value[item.symbol] == nil {
            results[item.symbol] = names.map { _ in .failure("\(item.symbol) is not on Kraken") }
        }
        var prices = rows(list, results, routes: [:])
        prices.provider = .kraken
        return prices
    }

    /// Daily closes from Kraken's candles (the pair's quote currency), both ends included; nil
    /// when Kraken cannot be reached with nothing cached.
    func krakenCloses(_ symbol: String, range: ClosedRange<LocalDate>) async throws -> (rows: [LocalDate: HistoryRow], provenance: Provenance)? {
        guard let names = try await krakenNames() else { return nil }
        guard let name = names.value[symbol] else { throw APIError.provider(provider: .kraken, code: nil, message: "\(symbol) is not on Kraken") }
        let since = Date(timeIntervalSince1970: Double(range.lowerBound.dayNumber - 1) * 86400)
        guard let candles = try await reachable({ try await client.fetch(Kraken.dailyCandles(name, since: since)) }) else { return nil }
        var rows: [LocalDate: HistoryRow] = [:]
        for candle in candles.value {
            let day = LocalDate(candle.time, timeZone: TimeZone(identifier: "UTC")!)
            guard range.contains(day) else { continue }
            rows[day] = HistoryRow(date: day, open: candle.open, high: candle.high, low: candle.low, close: candle.close)
        }
        return (rows, candles.provenance)
    }

    /// One pair's latest price from Kraken's ticker (the portfolio's values, the alerts); nil
    /// when Kraken cannot be reached with nothing cached.
    func krakenLatest(_ symbol: String) async throws -> Fetched<(close: Double, open: Double?, high: Double?, low: Double?, day: LocalDate?)>? {
        guard let names = try await krakenNames() else { return nil }
        guard let name = names.value[symbol] else { throw APIError.provider(provider: .kraken, code: nil, message: "\(symbol) is not on Kraken") }
        guard let tickers = try await reachable({ try await client.fetch(Kraken.ticker([name])) }) else { return nil }
        guard let ticker = tickers.value[name], let last = ticker.last else {
            throw APIError.provider(provider: .kraken, code: nil, message: "no price for \(symbol)")
        }
        let today = LocalDate(tickers.fetchedAt, timeZone: TimeZone(identifier: "UTC")!)
        return tickers.map { _ in (last, ticker.open, ticker.high, ticker.low, today) }
    }

    /// The user's pairs (`BTC/USD`) to Kraken's names, from the catalogue (cached a day).
    private func krakenNames() async throws -> Fetched<[String: String]>? {
        guard let catalogue = try await reachable({ try await client.fetch(Kraken.assetPairs()) }) else { return nil }
        return catalogue.map(Kraken.names)
    }

    /// `work`'s answer; nil when Kraken cannot be reached (a transport failure or a 5xx).
    private func reachable<T>(_ work: () async throws -> T) async throws -> T? {
        do { return try await work() } catch  where DataClient.meansUnreachable(error) { return nil }
    }

    /// A ticker as the quote the watchlist's rows read: the day's change from today's open.
    static func quote(_ symbol: String, _ ticker: KrakenDTO.Ticker) -> TwelveDataDTO.Quote {
        let change = ticker.last.flatMap { last in ticker.open.flatMap { $0 > 0 ? (last - $0) / $0 * 100 : nil } }
        return TwelveDataDTO.Quote(
            symbol: symbol, open: ticker.open.map(LenientDouble.init), high: ticker.high.map(LenientDouble.init),
            low: ticker.low.map(LenientDouble.init), close: ticker.last.map(LenientDouble.init),
            percent_change: change.map(LenientDouble.init))
    }
}
