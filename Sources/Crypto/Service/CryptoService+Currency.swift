import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

extension CryptoService {
    /// The settings document, beside the watchlist in the data folder.
    package var settingsStore: DocumentStore<CryptoSettings> { store.sibling(CryptoSettings.self) }

    /// The settings as saved; the defaults with no settings file (nothing is locked or read).
    package func settingsDocument() throws -> CryptoSettings {
        guard FileStamp(path: settingsStore.url.path) != .absent else { return CryptoSettings() }
        return try settingsStore.read()
    }

    /// Saves the provider choice.
    package func setProvider(_ choice: PriceSourceChoice) throws {
        try settingsStore.update { $0.provider = choice == .auto ? nil : choice }
    }

    /// Who prices crypto this run: pinned by the caller, else the saved choice — read as it is on
    /// disk with no lock and no write (`DocumentStore.peek`: a frame may ask), a document that
    /// cannot be read counting as `auto` — and the keys.
    package var priceSources: PriceSources {
        pinnedPrices ?? PriceSources.resolve(configuration, choice: settingsStore.peek()?.provider)
    }

    /// The currency prices are shown in (`USD` until set). Every price fetch asks, so with no
    /// settings file nothing is locked or read.
    package func currency() throws -> String { try settingsDocument().currency }

    /// Saves `code` (any case) as the currency and returns it in capitals. Exit 64:
    /// `CurrencyError.unknown` for a code ISO 4217 does not list, `.unpriced` for one this run's
    /// provider gives no dollar rate to (naming those it does), so no setting leaves every row
    /// without a price.
    @discardableResult
    package func setCurrency(_ code: String) async throws -> String {
        let upper = code.trimmingWhitespace().uppercased()
        guard CryptoSettings.currencies.contains(upper) else { throw CurrencyError.unknown(code) }
        if !(await canPrice(in: upper)) {
            var working: [String] = []
            for other in CryptoSettings.common where other != upper { if await canPrice(in: other) { working.append(other) } }
            throw CurrencyError.unpriced(upper, provider: (usesKraken ? Provider.kraken : .twelveData).brand, working: working)
        }
        try settingsStore.update { $0.currency = upper }
        return upper
    }

    /// Whether this run's provider gives prices in `currency`: the quote every new pair gets, or
    /// a rate to it from that quote (fetched, or cached like any rate).
    func canPrice(in currency: String) async -> Bool {
        guard currency != PriceRoute.followingQuote else { return true }
        return ((try? await rate(PriceRoute.followingQuote + "/" + currency)) ?? nil) != nil
    }

    /// How each of `symbols` reaches `currency`. The pair catalogue of the provider that prices
    /// them (Kraken's or Twelve Data's, cached a day) is read only when some pair is quoted in
    /// another currency; unreadable, every such pair is converted.
    package func routing(_ symbols: [String], to currency: String) async -> PriceRouting {
        var listed: Set<String>?
        if symbols.contains(where: { PairResolver.quote($0) != currency }) {
            if usesKraken {
                listed = (try? await krakenNames()).flatMap { $0.map { Set($0.keys) }.value }
            } else {
                listed = (try? await catalogue()).map { Set($0.map { $0.symbol.uppercased() }) }
            }
        }
        return Self.routing(symbols, to: currency, listed: listed)
    }

    /// How each of `symbols` reaches `currency`, given the pairs listed (nil: unknown, so every
    /// pair in another currency is converted).
    static func routing(_ symbols: [String], to currency: String, listed: Set<String>?) -> PriceRouting {
        let routes = Dictionary(symbols.map { ($0, PriceRoute.route($0, to: currency, listed: listed)) }) { first, _ in first }
        return PriceRouting(currency: currency, routes: routes)
    }

    /// The exchange rate `symbol` (`USD/EUR`: euros for a dollar), exactly as sent; cached like a
    /// quote, so it costs one credit when not fresh. `cachedOnly`: nil unless cached.
    /// With Kraken pricing, Kraken's own rate when it lists the pair or its reverse.
    package func rate(_ symbol: String, cachedOnly: Bool = false) async throws -> Fetched<Decimal>? {
        if usesKraken, let kraken = try await krakenRate(symbol, cachedOnly: cachedOnly) { return kraken }
        let endpoint = TwelveData.exchangeRate(symbol)
        guard let fetched = cachedOnly ? client.answers.peek(endpoint) : try await client.fetch(endpoint) else { return nil }
        guard let rate = PortfolioValuation.decimal(fetched.value.rate.value), rate > 0 else {
            throw APIError.provider(provider: .twelveData, code: nil, message: "no exchange rate for \(symbol)")
        }
        return fetched.map { _ in rate }
    }

    /// The rows in `currency`: a row quoted through another pair says which; a row converted at
    /// a rate (one fetch per quote currency) says which and at what. A rate that cannot be had
    /// leaves its rows without a price, saying why (`cachedOnly`: leaves them as they are).
    /// `known`: rates already had (Kraken's come in the watchlist's own ticker request); only
    /// the others are fetched from Twelve Data.
    func converting(
        _ prices: WatchlistPrices, routing: PriceRouting, cachedOnly: Bool, known: [String: Result<Fetched<Decimal>?, any Error>] = [:]
    ) async -> WatchlistPrices {
        let currency = routing.currency
        var prices = prices
        var rates = known
        for index in prices.rows.indices {
            let symbol = prices.rows[index].symbol
            switch routing.route(symbol) {
            case .asIs: prices.rows[index].currency = PairResolver.quote(symbol)
            case .pair(let other): (prices.rows[index].currency, prices.rows[index].quotedAs) = (currency, other)
            case .converted(let rateSymbol):
                if rates[rateSymbol] == nil { rates[rateSymbol] = await fetchRate(rateSymbol, cachedOnly: cachedOnly) }
                convert(&prices.rows[index], rateSymbol, rates[rateSymbol], currency: currency)
            }
        }
        let rateProvenances = rates.values.compactMap { try? $0.get()?.provenance }
        if !rateProvenances.isEmpty {
            prices.provenance = Provenance.combine([prices.provenance] + rateProvenances, now: days.now())
        }
        return prices
    }

    private func fetchRate(_ symbol: String, cachedOnly: Bool) async -> Result<Fetched<Decimal>?, any Error> {
        do { return .success(try await rate(symbol, cachedOnly: cachedOnly)) } catch { return .failure(error) }
    }

    private func convert(_ row: inout PriceRow, _ rateSymbol: String, _ rate: Result<Fetched<Decimal>?, any Error>?, currency: String) {
        switch rate {
        case .success(let fetched?)?:
            guard let price = row.price else { return }
            let factor = NSDecimalNumber(decimal: fetched.value).doubleValue
            (row.price, row.currency, row.rateSymbol, row.rate) = (price * factor, currency, rateSymbol, factor)
        case .failure(let error)?:
            guard row.error == nil else { return }
            (row.price, row.changePercent) = (nil, nil)
            row.error = "No \(rateSymbol) exchange rate: \(ErrorText.describe(error))"
        case .success(nil)?, nil:
            row.currency = PairResolver.quote(row.symbol)
        }
    }
}

/// A currency the settings cannot take. Exit 64.
package enum CurrencyError: UserInputError, Equatable {
    /// Not an ISO 4217 code.
    case unknown(String)
    /// A code no provider of this run prices in; `working`: the common ones it does.
    case unpriced(String, provider: String, working: [String])

    /// The sentence shown.
    package var description: String {
        switch self {
        case .unknown(let text): "\"\(text)\" is not a currency code (ISO 4217, such as USD, EUR or GBP)."
        case .unpriced(let code, let provider, let working):
            "\(provider) gives no \(PriceRoute.followingQuote)/\(code) rate this run, so no price could be shown in \(code); "
                + "currencies that work: \(([PriceRoute.followingQuote] + working).joined(separator: ", "))."
        }
    }
}
