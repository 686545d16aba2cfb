import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation

extension CryptoService {
    /// Daily closes from `from` to `to` inclusive (default: the 7 days ending today).
    ///
    /// A series recorded for a longer span answers only the days asked (as the provider would).
    /// Live, a closed day is asked for once: the closes already known for a pair (from any
    /// earlier range) answer every range they cover; a range that partly overlaps fetches only
    /// from its first missing day to its last (one credit). Today's row is the latest price.
    /// - Parameter noting: say on stderr when the default range is the recorded week (not for a
    ///   sparkline's quiet read).
    package func history(_ reference: String, from: String?, to: String?, noting: Bool = true) async throws -> PriceHistory {
        if usesKraken, !configuration.offline { _ = try? await krakenNames() }  // is it live? (recordedDay() follows)
        let recorded = recordedDay()
        let range = try historyRange(from: from, to: to, recorded: recorded, noting: noting)
        let today = try min(recorded ?? self.today(), self.today())  // the recorded day stands for "today"
        let (symbol, name) = try await pair(for: reference)
        if usesKraken {
            if let kraken = try await krakenHistory(symbol, name: name, range: range) { return kraken }
            client.notes.keylessFallback(.kraken, instead: .twelveData)
        }
        var (rows, provenances) =
            live
            ? try await liveCloses(symbol, range: range, today: today)
            : try await recordedCloses(symbol, range: range, today: today)
        // Today's row is the latest price: live, or a recorded one dated today (a recording
        // replays what the live run showed). Otherwise sample data ends where its series ends:
        // no row is made up for a day it does not hold.
        if range.upperBound == today, let latest = try? await latestQuote(symbol), live || latest.value.day == today {
            var row = rows[today] ?? HistoryRow(date: today, close: latest.value.close)
            row.close = latest.value.close
            (row.open, row.high, row.low) = (latest.value.open ?? row.open, latest.value.high ?? row.high, latest.value.low ?? row.low)
            rows[today] = row
            provenances.append(latest.provenance)
        }
        guard !rows.isEmpty else {
            throw CryptoError.noPrices(symbol: symbol, from: range.lowerBound, to: range.upperBound)
        }
        let sorted = rows.values.sorted { $0.date < $1.date }
        if let first = sorted.first, first.date > range.lowerBound {
            gate.console.note("note: prices for \(symbol) begin on \(first.date).")
        }
        let provenance = Provenance.combine(provenances, now: days.now())
        return PriceHistory(symbol: symbol, name: name, range: range, rows: sorted, provenance: provenance)
    }

    /// The days asked for, checked against the real today; over recordings (`recorded`) the
    /// default is the recorded week, said in a note, and a range after the recording is refused.
    private func historyRange(from: String?, to: String?, recorded: LocalDate?, noting: Bool) throws -> ClosedRange<LocalDate> {
        var range = try DateInput.range(from: from, to: to, today: try today(), defaultDays: 7)
        if from == nil, to == nil, let recorded, recorded < range.upperBound {
            range = recorded.adding(days: -6)...recorded
            if noting { gate.console.noteOnce("note: the sample data was recorded on \(recorded); these are the 7 days it holds, up to then.") }
        }
        if let recorded, range.lowerBound > recorded { throw CryptoError.afterRecording(from: range.lowerBound, recorded: recorded) }
        return range
    }

    /// The last `days` closes of a pair for a small chart, never spending a credit: live, the
    /// closes already known from earlier histories (none yet: empty); with sample data, the
    /// recorded history.
    package func recentCloses(_ symbol: String, days: Int = 7) async -> [Double] {
        guard live else { return (try? await history(symbol, from: nil, to: nil, noting: false).rows.map(\.close)) ?? [] }
        guard let today = try? self.today() else { return [] }
        let known = ClosesBook(cache: client.answers.cache, symbol: symbol).read()
        return (1...days).reversed().compactMap { known[today.adding(days: -$0)]?.close }
    }

    private typealias Closes = (rows: [LocalDate: HistoryRow], provenances: [Provenance])

    /// Closed days from the pair's book of known closes, fetching only the missing span.
    private func liveCloses(_ symbol: String, range: ClosedRange<LocalDate>, today: LocalDate) async throws -> Closes {
        let lastClosed = min(range.upperBound, today.adding(days: -1))
        guard range.lowerBound <= lastClosed else { return ([:], []) }
        let book = ClosesBook(cache: client.answers.cache, symbol: symbol)
        var days = book.read()
        let wanted = (range.lowerBound...lastClosed).days
        let missing = wanted.filter { days[$0] == nil }
        var provenances: [Provenance] = []
        if let first = missing.first, let last = missing.last {
            for span in (first...last).requestSpans {
                let fetched = try await closedSeries(symbol, span)
                provenances.append(fetched.provenance)
                days.merge(ClosesBook.days(fetched.value, covering: span, fetchedAt: fetched.fetchedAt)) { _, new in new }
            }
            book.write(days)
        }
        var rows: [LocalDate: HistoryRow] = [:]
        var oldestReused: Date?
        for date in wanted {
            guard let day = days[date] else { continue }
            if !missing.contains(date) { oldestReused = min(oldestReused ?? day.fetchedAt, day.fetchedAt) }
            if let row = day.row(on: date) { rows[date] = row }
        }
        if let oldestReused { provenances.append(Provenance(origin: .cache, fetchedAt: oldestReused, stale: false)) }
        return (rows, provenances)
    }

    /// One request for closed days; "no data on these dates" is an empty answer.
    private func closedSeries(_ symbol: String, _ span: ClosedRange<LocalDate>) async throws -> Fetched<[TwelveDataDTO.Bar]> {
        let endpoint = TwelveData.timeSeries(symbol, start: span.lowerBound, endExclusive: span.upperBound.adding(days: 1), closed: true)
        do {
            return try await client.fetch(endpoint).map { $0.values ?? [] }
        } catch let error as APIError {
            guard case .provider(_, let code, _) = error, code == 400 else { throw error }
            return Fetched(value: [], origin: .live, fetchedAt: days.now(), stale: false)
        }
    }

    /// Sample data and `--offline`: the time series as recorded or cached.
    private func recordedCloses(_ symbol: String, range: ClosedRange<LocalDate>, today: LocalDate) async throws -> Closes {
        var rows: [LocalDate: HistoryRow] = [:]
        var provenances: [Provenance] = []
        for span in range.requestSpans {
            let endpoint = TwelveData.timeSeries(
                symbol, start: span.lowerBound, endExclusive: span.upperBound.adding(days: 1), closed: span.upperBound < today)
            do {
                let fetched = try await client.fetch(endpoint)
                provenances.append(fetched.provenance)
                for (date, day) in ClosesBook.days(fetched.value.values ?? [], covering: span, fetchedAt: fetched.fetchedAt) {
                    if let row = day.row(on: date) { rows[date] = row }
                }
            } catch let error as APIError {
                guard case .provider(_, let code, _) = error, code == 400 else { throw error }
            }
        }
        return (rows, provenances)
    }

    /// The pair's latest price and the day it is of (nil when the answer does not say).
    func latestQuote(_ symbol: String) async throws -> Fetched<(close: Double, open: Double?, high: Double?, low: Double?, day: LocalDate?)> {
        if usesKraken, let latest = try await krakenLatest(symbol) { return latest }
        let fetched = try await client.fetch(TwelveData.quotes([symbol]))
        guard case .quote(let quote)? = fetched.value[symbol], let close = quote.close?.value else {
            throw APIError.provider(provider: .twelveData, code: nil, message: "no price for \(symbol)")
        }
        let day = quote.datetime.flatMap { LocalDate(String($0.prefix(10))) }
        return fetched.map { _ in (close, quote.open?.value, quote.high?.value, quote.low?.value, day) }
    }

    /// The history from Kraken's daily candles, today's row its latest price; nil when Kraken
    /// cannot be reached with nothing cached (then the recorded sample data answers).
    private func krakenHistory(_ symbol: String, name: String, range: ClosedRange<LocalDate>) async throws -> PriceHistory? {
        let closes: (rows: [LocalDate: HistoryRow], provenance: Provenance)?
        do {
            closes = try await krakenCloses(symbol, range: range)
        } catch var error as SampleDataError {
            // The recordings are named by Kraken's pairs (XXBTZUSD); a person reads BTC/USD.
            let names = (try? await krakenNames())?.value ?? [:]
            let mine = Dictionary(names.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
            error.covered = error.covered.map { mine[$0] ?? $0 }
            throw error
        }
        guard let (rows, provenance) = closes else { return nil }
        guard !rows.isEmpty else { throw CryptoError.noPrices(symbol: symbol, from: range.lowerBound, to: range.upperBound) }
        var history = PriceHistory(symbol: symbol, name: name, range: range, rows: rows.values.sorted { $0.date < $1.date }, provenance: provenance)
        history.provider = .kraken
        return history
    }
}
