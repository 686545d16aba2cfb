import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Crypto
import Deals
import Exams
import Foundation
import FrontKit
import TerminalKit

extension FuzzTarget {
    /// A scratch folder per process for readers that read files.
    private static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    private static func write(_ data: Data, to path: String) -> URL {
        let url = scratch.appendingPathComponent(path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url)
        return url
    }

    /// Almanac's own readers of outside bytes: deal streams, `.env`, cache entries, user
    /// documents, fixture recordings, kept sample answers, and what a person types as a date or a range.
    static let localTargets: [FuzzTarget] = [
        FuzzTarget(name: "deal-lines") { data in
            for line in data.split(separator: UInt8(ascii: "\n")) { _ = DealLineParser.parse(Array(line)) }
            let inbox = DealInbox(limit: .max)
            let batcher = LineBatcher(inbox: inbox)
            let middle = data.count / 2
            batcher.feed(data.prefix(middle))
            batcher.feed(data.suffix(from: data.startIndex + middle))
            batcher.end()
            _ = inbox.take()
        },
        FuzzTarget(name: "dotenv") { data in
            _ = DotEnv.parse(String(decoding: data, as: UTF8.self))
        },
        FuzzTarget(name: "cache-entry") { data in
            let cache = JSONFileCache(folder: scratch.appendingPathComponent("cache"))
            let key = "fruityvice GET /api/fruit/all"
            _ = write(data, to: "cache/" + cache.fileURL(for: key, provider: .fruityvice).lastPathComponent)
            if let entry = cache.read(key: key, provider: .fruityvice) { _ = try? Fruityvice.all().decode(entry.body) }
        },
        FuzzTarget(name: "user-document") { data in
            let folder = scratch.appendingPathComponent("data")
            _ = write(data, to: "data/" + ExamsDocument.fileName)
            _ = try? DocumentStore<ExamsDocument>(folder: folder).read()
            _ = write(data, to: "data/" + Watchlist.fileName)
            _ = try? DocumentStore<Watchlist>(folder: folder).read()
            // Documents found damaged are moved aside; keep the scratch folder small.
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where file.contains("corrupt") {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(file))
            }
        },
        FuzzTarget(name: "fixture-recording") { data in
            let folder = scratch.appendingPathComponent("fixtures")
            _ = Recording.load(write(data, to: "fixtures/twelvedata/quote.json"))
            _ = write(data, to: "fixtures/" + FixtureManifest.fileName)
            _ = FixtureManifest.load(from: folder)
            let manifest = FixtureManifest(
                program: "fuzz", recordedAt: nil, recordedOn: nil,
                recordings: [
                    .init(provider: "twelvedata", file: "twelvedata/quote.json", method: "GET", path: "/quote", query: [:], status: 200, bytes: nil)
                ])
            try? manifest.write(to: folder)
            let descriptor = RequestDescriptor(provider: .twelveData, name: "fuzz", path: "/quote", query: [QueryItem("symbol", "A,B")], ttl: 0)
            _ = try? FixtureTransport(folder: folder).respond(to: descriptor)
            // The recording as a series cut to the days asked (Twelve Data keeps rows by day).
            var days = descriptor
            days.query = [QueryItem("start_date", "2026-11-14"), QueryItem("end_date", "2026-11-21")]
            _ = try? FixtureTransport(folder: folder).respond(to: days)
        },
        FuzzTarget(name: "fixture-replay") { data in
            // A kept answer whose set does not exist: every stamp `-` is then a match, so a
            // well-formed file is served and decoded. The folder is fixed so seeds can match it.
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-fuzz-replay")
            let transport = FixtureTransport(
                folder: root.appendingPathComponent("none"), providers: [.twelveData], replayFolder: root.appendingPathComponent("kept"))
            let endpoint = TwelveData.quotes(["BTC/USD"])
            guard let path = transport.keptAnswerPath(for: endpoint.descriptor) else { return }
            try? FileManager.default.createDirectory(at: root.appendingPathComponent("kept"), withIntermediateDirectories: true)
            try? data.write(to: URL(fileURLWithPath: path))
            if let response = try? transport.respond(to: endpoint.descriptor) { _ = try? endpoint.decode(response.body) }
            _ = transport.recordedAt
        },
        FuzzTarget(name: "dates") { data in
            let text = String(decoding: data, as: UTF8.self)
            let today = LocalDate("2026-11-20")!
            _ = LocalDate(text)
            _ = ExamDateTime(text)
            _ = try? DateInput.parse(text, today: today, field: .from)
            let parts = text.split(separator: "|", maxSplits: 1).map(String.init)
            _ = try? DateInput.range(from: parts.first, to: parts.count > 1 ? parts[1] : nil, today: today, defaultDays: 7)
        },
        FuzzTarget(name: "terminal-keys") { data in
            // Bytes as a terminal sends them, one read at a time, as the key reader decodes them;
            // then the keys typed into a two-field form with a check on each field.
            var pending: [UInt8] = []
            var keys: [Key] = []
            for byte in data {
                pending.append(byte)
                if let key = KeyReader.decode(&pending) { keys.append(key) }
                if pending.count > 64 { pending.removeAll() }  // the reader drops an unknown sequence after a pause
            }
            var form = Form(
                "fuzz",
                fields: [
                    LineField("Name:") { $0.count > 10 ? "too long" : nil },
                    LineField("Date:") { LocalDate($0) == nil ? "not a date" : nil },
                ]
            ) { values in values[0] == values[1] ? "the same" : nil }
            for key in keys where form.handle(key) != .editing { break }
            _ = form.lines(style: Style(enabled: true), width: 20)
        },
    ]
}
