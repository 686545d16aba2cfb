import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

extension CryptoService {
    /// Whether Kraken answers this run (`PriceSources`): pinned, or `auto` with no Twelve Data key —
    /// live, or from its recorded answers offline (the keyless path's sample data).
    package var usesKraken: Bool { priceSources.provider == .kraken }

    /// The watchlist priced by one Kraken `Ticker` request (the catalogue maps each pair to
    /// Kraken's name first: `BTC/USD` is `XXBTZUSD`, through its `wsname` `XBT/USD`), in the
    /// currency of the settings as with Twelve Data: a pair Kraken lists in that currency is
    /// quoted through it (`BTC/EUR`), another is converted at Kraken's own rate (`EUR/USD`,
    /// inverted), fetched in the same request. A pair Kraken does not list says so in its row.
    /// Nil when Kraken cannot be reached and nothing of it is cached: the caller shows the
    /// recorded sample data instead.
    func krakenPrices(_ list: Watchlist) async throws -> WatchlistPrices? {
        guard let names = try await krakenNames() else { return nil }
        let currency = (try? currency()) ?? "USD"
        let routing = Self.routing(list.items.map(\.symbol), to: currency, listed: Set(names.value.keys))  // the catalogue just read
            .keepingOwnQuotes()
        let routes = routing.routes
        var seen = Set<String>()
        let quoted = list.items.map { routing.route($0.symbol).quoted($0.symbol) }.filter { seen.insert($0).inserted }
        let rates = routes.values.compactMap(\.rateSymbol).filter { seen.insert($0).inserted }
        let wanted = quoted.compactMap { names.value[$0] } + rates.compactMap { Self.krakenRatePair($0, names: names.value)?.name }
        var tickers: Fetched<[String: KrakenDTO.Ticker]>?
        if !wanted.isEmpty {
            guard let answer = try await reachable({ try await client.fetch(Kraken.ticker(wanted)) }) else { return nil }
            tickers = answer
        }
        let results = Self.krakenQuotes(quoted, names: names, tickers: tickers)
        var prices = await converting(
            rows(list, results, routes: routes), routing: routing, cachedOnly: false,
            known: Self.krakenRates(rates, names: names.value, tickers: tickers))
        (prices.currency, prices.provider) = (currency, .kraken)
        return prices
    }

    /// Each pair's quote from the ticker answer, or why there is none.
    private static func krakenQuotes(_ symbols: [String], names: Fetched<[String: String]>, tickers: Fetched<[String: KrakenDTO.Ticker]>?)
        -> [String: Fetched<TwelveDataDTO.QuoteResult>]
    {
        Dictionary(
            uniqueKeysWithValues: symbols.map { symbol in
                guard let name = names.value[symbol], let tickers else {
                    return (symbol, names.map { _ in .failure("Kraken does not list this pair.") })
                }
                return (symbol, tickers.map { $0[name].map { .quote(quote(symbol, $0)) } ?? .failure("Kraken sent no price for this pair.") })
            })
    }

    /// The exchange rates (`USD/EUR`: euros for a dollar) from the ticker answer.
    private static func krakenRates(_ symbols: [String], names: [String: String], tickers: Fetched<[String: KrakenDTO.Ticker]>?)
        -> [String: Result<Fetched<Decimal>?, any Error>]
    {
        Dictionary(
            uniqueKeysWithValues: symbols.map { symbol in
                guard let pair = krakenRatePair(symbol, names: names), let tickers, let rate = krakenRate(pair, in: tickers) else {
                    return (symbol, .failure(APIError.provider(provider: .kraken, code: nil, message: "it lists no \(symbol) rate")))
                }
                return (symbol, .success(rate))
            })
    }

    /// The rate in a ticker answer: the pair's last price, inverted for a reverse pair; nil
    /// without a positive price.
    private static func krakenRate(_ pair: (name: String, inverted: Bool), in tickers: Fetched<[String: KrakenDTO.Ticker]>)
        -> Fetched<Decimal>?
    {
        guard let last = tickers.value[pair.name]?.last, last > 0 else { return nil }
        return tickers.map { _ in Decimal(pair.inverted ? 1 / last : last) }
    }

    /// The exchange rate `symbol` (`USD/EUR`) from Kraken's ticker; nil when Kraken lists
    /// neither it nor its reverse, or cannot be reached (`cachedOnly`: unless cached).
    func krakenRate(_ symbol: String, cachedOnly: Bool) async throws -> Fetched<Decimal>? {
        guard let names = try await krakenNames(), let pair = Self.krakenRatePair(symbol, names: names.value) else { return nil }
        let endpoint = Kraken.ticker([pair.name])
        let tickers = cachedOnly ? client.answers.peek(endpoint) : try await reachable({ try await client.fetch(endpoint) })
        return tickers.flatMap { Self.krakenRate(pair, in: $0) }
    }

    /// Kraken's pair for the rate `symbol` (`USD/EUR`): that pair, or its reverse (`EUR/USD`,
    /// the way Kraken lists currencies) to be inverted.
    static func krakenRatePair(_ symbol: String, names: [String: String]) -> (name: String, inverted: Bool)? {
        if let name = names[symbol] { return (name, false) }
        let reverse = PairResolver.quote(symbol) + "/" + PairResolver.base(symbol)
        return names[reverse].map { ($0, true) }
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
    func krakenNames() async throws -> Fetched<[String: String]>? {
        guard let catalogue = try await reachable({ try await client.fetch(Kraken.assetPairs()) }) else { return nil }
        return catalogue.map(Kraken.names)
    }

    /// `work`'s answer; nil when Kraken cannot be reached (a transport failure or a 5xx: the
    /// recordings answer then), unless
    /// `--refresh` asked for a live answer only: then the failure stands, as for every feature.
    private func reachable<T>(_ work: () async throws -> T) async throws -> T? {
        do { return try await work() } catch  where AnswerMachine.Failure(error) == .unreachable && !configuration.refresh { return nil }
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
