import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import DealTable
import Foundation
import Synchronization

/// Feeds an inbox in batches of 100: the built-in deal server, or JSON lines from a file or an
/// HTTP URL (streamed through the curl transport, never buffered whole).
package enum DealSource: Sendable {
    /// The built-in generator: `count` deals from `seed`, `pace` batches a second (0: as fast as
    /// taken), the last dated about `end` (the program's clock, `DayClock.feedEnd`; nil: a fixed
    /// day, for benchmarks and tests).
    case server(count: Int, seed: UInt64, pace: Double, end: Date? = nil)
    /// A JSON-lines file.
    case file(URL)
    /// JSON lines streamed from an `http(s)` address.
    case url(String)
    /// Kraken's live trades for some pairs (`KrakenTape`).
    case kraken(KrakenTape)

    /// `kraken:PAIR[,PAIR…]`, `http(s)://…` or a file; `krakenURL` is Kraken's base URL.
    package static func parse(_ text: String, krakenURL: String = Provider.kraken.defaultBaseURL) -> DealSource {
        if let pairs = KrakenTape.pairs(in: text) { return .kraken(KrakenTape(pairs: pairs, baseURL: krakenURL)) }
        return text.hasPrefix("http://") || text.hasPrefix("https://") ? .url(text) : .file(URL(fileURLWithPath: text))
    }

    /// How many deals are expected, when known.
    package var expected: Int? {
        if case .server(let count, _, _, _) = self { return count }
        return nil
    }

    /// Rows to make room for before the first deal arrives, so the table does not grow by
    /// copying while deals stream in (growing a 7.7M-row table by half held one merge 385 ms,
    /// measured): the count when known, plus an inbox's worth; for a file, its size over the
    /// average length of the lines in its first 64 KB, plus a tenth, at most `reserveLimit`;
    /// nil for a URL, whose length is not known up front (it grows as it goes).
    package var roomToReserve: Int? {
        switch self {
        case .server(let count, _, _, _): return count + 65_536
        case .file(let url): return Self.estimatedLines(in: url).map { min(Self.reserveLimit, $0 + $0 / 10) }
        case .url, .kraken: return nil
        }
    }

    /// Most rows reserved from an estimate: 16M (about 900 MB of table); a bigger file grows
    /// past it as it is read.
    package static let reserveLimit = 1 << 24

    /// Lines in the file at `url`, from its size and the newlines in its first 64 KB (exact for
    /// a smaller file, less a last line with no newline); nil when it cannot be read or that
    /// sample holds no newline.
    static func estimatedLines(in url: URL) -> Int? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size > 0, (try? handle.seek(toOffset: 0)) != nil,
            let sample = try? handle.read(upToCount: 1 << 16), !sample.isEmpty
        else { return nil }
        let lines = sample.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        guard lines > 0 else { return nil }
        return Int(rounding: Double(size) * Double(lines) / Double(sample.count), .up)
    }

    /// Starts delivering into `inbox` on background threads; returns at once. Closing the inbox
    /// stops every kind of producer: the server after its current batch, the file and URL
    /// readers at their next chunk (docs/architecture.md §5).
    package func start(into inbox: DealInbox, transport: any HTTPTransport = CurlTransport(), options: TransportOptions = .init()) {
        switch self {
        case .server(let count, let seed, let pace, let end):
            let server = DealServer(count: count, seed: seed, pace: pace, end: end)
            inbox.onClose { server.stop() }
            server.subscribeToDeals({ inbox.put($0) }, onEnd: { inbox.finish() })
        case .file(let url):
            JobPool.background.run {
                let splitter = LineBatcher(inbox: inbox)
                defer { splitter.end() }
                guard let handle = try? FileHandle(forReadingFrom: url) else { return splitter.fail("cannot open \(url.path)") }
                while !inbox.isClosed, let chunk = try? handle.read(upToCount: 1 << 16), !chunk.isEmpty { splitter.feed(chunk) }
            }
        case .url(let address):
            let splitter = LineBatcher(inbox: inbox)
            Task.detached {
                do {
                    var options = options
                    options.totalTimeout = 3600
                    let request = try RequestPreparer.prepare(url: address, setting: "the deal source address", options: options)
                    let response = try await transport.stream(request) { chunk in
                        splitter.feed(chunk)
                        return !inbox.isClosed
                    }
                    if !(200..<300).contains(response.status) { splitter.fail("the server answered HTTP \(response.status)") }
                } catch {
                    splitter.fail(ErrorText.describe(error))
                }
                splitter.end()
            }
        case .kraken(let tape):
            Task.detached { await tape.run(into: inbox, transport: transport, options: options) }
        }
    }
}

/// Splits bytes into lines, parses deals, and hands them over 100 at a time.
/// Malformed lines are skipped and counted; a last line without a newline is still read.
/// Fed from the curl write callback or the file thread.
package final class LineBatcher: Sendable {
    /// The line being read, the batch being filled and the lines skipped.
    private struct Lines {
        var partial = Data()
        var batch: [Deal] = []
        var skipped = 0
    }

    private let inbox: DealInbox
    private let lines: Mutex<Lines>

    package init(inbox: DealInbox) {
        self.inbox = inbox
        var lines = Lines()
        lines.batch.reserveCapacity(100)
        self.lines = Mutex(lines)
    }

    /// Adds bytes; each whole line is parsed and batched by 100, a partial line kept for the next chunk.
    package func feed(_ chunk: Data) {
        lines.withLock { lines in
            lines.partial.append(chunk)
            var start = lines.partial.startIndex
            while let newline = lines.partial[start...].firstIndex(of: 10) {
                line(lines.partial[start..<newline], into: &lines)
                start = newline + 1
            }
            lines.partial = Data(lines.partial[start...])
        }
    }

    /// Records why the source ended early.
    package func fail(_ reason: String) {
        inbox.note(failure: reason)
    }

    /// Parses the last line, hands on the last batch and ends the inbox.
    package func end() {
        lines.withLock { lines in
            if !lines.partial.isEmpty { line(lines.partial, into: &lines) }
            lines.partial = Data()
            if !lines.batch.isEmpty { inbox.put(lines.batch) }
            lines.batch = []
            inbox.finish(skipped: lines.skipped)
        }
    }

    private func line(_ bytes: Data, into lines: inout Lines) {
        let trimmed = bytes.last == 13 ? bytes.dropLast() : bytes
        if trimmed.allSatisfy({ $0 == 32 || $0 == 9 }) { return }
        guard let deal = trimmed.withUnsafeBytes({ raw in DealLineParser.parse(raw.bindMemory(to: UInt8.self)) }) else {
            lines.skipped += 1
            return
        }
        lines.batch.append(deal)
        if lines.batch.count == 100 {
            inbox.put(lines.batch)
            lines.batch.removeAll(keepingCapacity: true)
        }
    }
}
