import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import DealTable
import Foundation

/// Kraken's public trades as a deal source (`--source kraken:BTC/USD,ETH/USD`,
/// docs/architecture.md §8): the recent trades its first answer holds, then every new one.
///
/// Each pair is polled with the `last` cursor of its previous answer, so a network loss or a
/// rate-limit pause resumes where it stopped: no gap, no duplicate. Requests keep to Kraken's
/// public limit, about one a second for all pairs together. Each trade is a deal: its trade id
/// (with the pair's place in the list in the top bits, so ids never clash across pairs) or, in
/// answers whose rows carry none, its place in the stream; time; the pair as the instrument;
/// price; volume as the amount; `b`/`s` as the side.
package struct KrakenTape: Sendable {
    /// The pairs as the user wrote them, `BTC/USD`.
    package let pairs: [String]
    /// Kraken's base URL (`ALMANAC_KRAKEN_URL`).
    package let baseURL: String
    /// Seconds between two requests, all pairs together.
    package var interval: TimeInterval = 1
    /// One round only — the recent trades of each pair's first answer — then the end (`deals
    /// top` and `export` read a snapshot; `browse` and the app follow the tape).
    package var once = false
    /// Kraken's recorded answers (`--offline`): the tape reads them in one round, as the
    /// recorded stretch of trades it is, and never touches the network.
    package var recordings: FixtureTransport?
    /// Kraken's recorded answers for a one-round tape (`once`) that cannot reach Kraken: read
    /// instead, and said so (`DealInbox.label`), within the run's timeout.
    package var fallback: FixtureTransport?

    package init(pairs: [String], baseURL: String) {
        (self.pairs, self.baseURL) = (pairs, baseURL)
    }

    /// `kraken:BTC/USD,ETH/USD` → the pairs, upper-cased; nil for any other text.
    package static func pairs(in text: String) -> [String]? {
        guard text.lowercased().hasPrefix("kraken:") else { return nil }
        let pairs = text.dropFirst("kraken:".count).split(separator: ",").map { $0.trimmingWhitespace().uppercased() }
        return pairs.isEmpty || pairs.contains(where: { !$0.contains("/") }) ? nil : pairs
    }

    /// Polls until the inbox closes. A pair Kraken does not list ends the source with a reason.
    /// A one-round tape that cannot reach Kraken reads its recordings instead, when it has them.
    func run(into inbox: DealInbox, transport: any HTTPTransport, options: TransportOptions) async {
        if let recordings { inbox.note(label: "Offline: Kraken's recorded trades\(Self.day(recordings)).") }
        if await !poll(into: inbox, transport: recordings ?? transport, options: options), once, recordings == nil, let fallback {
            await readRecordings(fallback, into: inbox, options: options)
        }
        inbox.finish()
    }

    /// Kraken could not be reached: its recorded trades instead, labelled; when they have none
    /// either, the reason says both.
    private func readRecordings(_ fallback: FixtureTransport, into inbox: DealInbox, options: TransportOptions) async {
        var recorded = self
        recorded.recordings = fallback
        var reason = inbox.failure ?? "Kraken could not be reached"
        if reason.hasSuffix(".") { reason.removeLast() }
        inbox.clearFailure()
        inbox.note(label: "Kraken unreachable; showing its recorded trades\(Self.day(fallback)).")
        _ = await recorded.poll(into: inbox, transport: fallback, options: options)
        if inbox.failure != nil { inbox.note(failure: reason + "; the sample data has no trades for it either") }
    }

    /// ` of 2026-11-20`: the recordings' day, when known.
    private static func day(_ recordings: FixtureTransport) -> String { recordings.recordedOn.map { " of \($0)" } ?? "" }

    /// The polling loop; false when Kraken could not be reached for the pairs' names (a
    /// one-round tape gives up at the first failure instead of waiting).
    private func poll(into inbox: DealInbox, transport: any HTTPTransport, options: TransportOptions) async -> Bool {
        var poller = Poller(tape: self, transport: transport, options: options)
        guard let names = await poller.names(inbox) else { return !poller.gaveUp }
        var cursors: [String?] = Array(repeating: nil, count: names.count)
        var counters = Array(repeating: Int64(0), count: names.count)
        while !inbox.isClosed {
            for (index, name) in names.enumerated() where !inbox.isClosed {
                guard let answer = await poller.trades(name, since: cursors[index], inbox: inbox) else { continue }
                cursors[index] = answer.last
                let deals = answer.trades.map { trade in
                    counters[index] += 1
                    return Self.deal(trade, pair: pairs[index], index: index, sequence: counters[index])
                }
                for start in stride(from: 0, to: deals.count, by: 100) { inbox.put(Array(deals[start..<min(start + 100, deals.count)])) }
            }
            if once || recordings != nil { break }
        }
        return true
    }

    /// A trade as a deal.
    package static func deal(_ trade: KrakenDTO.Trade, pair: String, index: Int, sequence: Int64) -> Deal {
        let id = (Int64(index + 1) << 48) | ((trade.id ?? sequence) & 0xFFFF_FFFF_FFFF)
        return Deal(
            id: id, dateModified: trade.time, instrumentName: pair, price: trade.price, amount: trade.volume, side: trade.side == "s" ? .sell : .buy)
    }
}

extension KrakenTape {
    /// The requests of one tape, spaced by `interval`, with back-off after a failure.
    struct Poller {
        let tape: KrakenTape
        let transport: any HTTPTransport
        let options: TransportOptions
        private var lastSent = Date.distantPast
        private var failures = 0
        /// A one-round tape met a failure and did not wait to try again.
        private(set) var gaveUp = false

        init(tape: KrakenTape, transport: any HTTPTransport, options: TransportOptions) {
            (self.tape, self.transport, self.options) = (tape, transport, options)
        }

        /// Kraken's names for the tape's pairs; nil (the reason noted) when the catalogue cannot
        /// be had or a pair is not on Kraken.
        mutating func names(_ inbox: DealInbox) async -> [String]? {
            while !inbox.isClosed {
                do {
                    let names = Kraken.names(try await get(Kraken.assetPairs()))
                    if let missing = tape.pairs.first(where: { names[$0] == nil }) {
                        inbox.note(failure: "\(missing) is not on Kraken")
                        return nil
                    }
                    return tape.pairs.map { names[$0]! }
                } catch {
                    guard await pause(after: error, inbox) else { return nil }
                }
            }
            return nil
        }

        /// The trades after `cursor`; nil after a failure (said in the footer, retried later).
        mutating func trades(_ name: String, since cursor: String?, inbox: DealInbox) async -> KrakenDTO.Trades? {
            do {
                let answer = try await get(Kraken.trades(name, since: cursor))
                if failures > 0 { inbox.clearFailure() }
                failures = 0
                return answer
            } catch {
                _ = await pause(after: error, inbox)
                return nil
            }
        }

        /// Sends `endpoint` once `interval` has passed since the last request.
        private mutating func get<R>(_ endpoint: Endpoint<R>) async throws -> R {
            let wait = lastSent.addingTimeInterval(tape.interval).timeIntervalSinceNow
            if wait > 0, tape.recordings == nil { try await Task.sleep(nanoseconds: UInt64(wait * 1e9)) }
            lastSent = Date()
            let request =
                tape.recordings == nil
                ? try RequestPreparer.prepare(endpoint.descriptor, baseURL: tape.baseURL, key: nil, options: options)
                : RequestPreparer.prepareRecorded(endpoint.descriptor)
            let response = try await transport.send(request)
            guard response.isSuccess else { throw LiveClient.error(for: response, descriptor: endpoint.descriptor, request: request) }
            return try endpoint.decode(response.body)
        }

        /// Waits before the next try: the server's time for a rate limit, else 2, 4, … 30 s.
        /// False when the error cannot go away by waiting (the address is refused): the reason
        /// is noted and the tape ends.
        private mutating func pause(after error: any Error, _ inbox: DealInbox) async -> Bool {
            if error is RequestError {
                inbox.note(failure: ErrorText.describe(error))
                return false
            }
            if tape.once || tape.recordings != nil {
                // A snapshot (`deals top`, `export`) does not wait out a network that is gone, and
                // recordings do not change by waiting.
                inbox.note(failure: tape.recordings == nil ? "Kraken: \(ErrorText.describe(error))" : ErrorText.describe(error))
                gaveUp = tape.recordings == nil
                return false
            }
            failures += 1
            var seconds = min(30, pow(2, Double(failures)))
            if case APIError.rateLimited(_, let after) = error { seconds = max(after ?? 5, 5) }
            inbox.note(failure: "Kraken: \(ErrorText.describe(error)); trying again in \(Int(seconds)) s")
            try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
            return !inbox.isClosed
        }
    }
}
