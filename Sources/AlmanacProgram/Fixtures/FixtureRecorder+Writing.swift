import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import Foundation
import FrontKit

extension FixtureRecorder {
    /// Writes the recordings and the manifest; returns the summary.
    func write(
        _ exchanges: [(descriptor: RequestDescriptor, body: Data)], providers: [Provider], to folder: URL,
        failures: [Provider: [String]], skipped: [Provider: String]
    ) throws -> Summary {
        let keys = Provider.allCases.compactMap { context.configuration.key(for: $0) }.filter { $0.count >= 4 }
        var lines: [Provider: Line] = [:]
        for provider in Self.groups(providers) {
            lines[provider] = Line(
                provider: provider.rawValue, requests: 0, bytes: 0, secretsScrubbed: 0, skipped: skipped[provider],
                failures: failures[provider] ?? [])
        }
        var files: [String: String] = [:]
        let kept = Self.expand(exchanges).filter { lines[Self.group(of: $0.descriptor.provider)] != nil }
        let order = Provider.allCases.map(\.rawValue)
        func summary(written: Bool) -> Summary {
            let sorted = lines.values.sorted { order.firstIndex(of: $0.provider)! < order.firstIndex(of: $1.provider)! }
            return Summary(folder: folder.path, lines: sorted, written: written)
        }
        // A recording that got nothing writes nothing: no empty set to shadow the shipped one.
        guard !kept.isEmpty else { return summary(written: false) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (descriptor, body) in kept {
            let group = Self.group(of: descriptor.provider)
            let (clean, scrubbed) = Self.scrub(body, secrets: keys)
            let file = Self.fileName(descriptor, taken: &files)
            try AtomicFile.write(try Self.recording(descriptor, body: clean), to: folder.appendingPathComponent(file), permissions: 0o644)
            lines[group]!.requests += 1
            lines[group]!.bytes += clean.count
            lines[group]!.secretsScrubbed += scrubbed
        }
        let now = context.clock.now()
        let manifest = FixtureManifest.index(
            folder, program: "almanac \(AlmanacVersion.current)",
            recordedAt: ISO8601DateFormatter().string(from: now),
            recordedOn: LocalDate(now, timeZone: .current).description)
        try manifest.write(to: folder)
        return summary(written: true)
    }

    /// The provider whose summary line counts a recording (`Provider.recordedAs`): the pro host's
    /// go with OpenWeatherMap, Open-Meteo's and the warning services' with MET Norway (one keyless group).
    static func group(of provider: Provider) -> Provider {
        Provider(rawValue: provider.recordedAs) ?? provider
    }

    /// A Twelve Data batch also yields one recording per pair, as the cache keeps them.
    static func expand(_ exchanges: [(descriptor: RequestDescriptor, body: Data)]) -> [(descriptor: RequestDescriptor, body: Data)] {
        var result: [(descriptor: RequestDescriptor, body: Data)] = []
        for exchange in exchanges {
            result.append(exchange)
            let descriptor = exchange.descriptor
            guard descriptor.provider == .twelveData, descriptor.path == "/quote",
                let index = descriptor.query.firstIndex(where: { $0.name == "symbol" })
            else { continue }
            let symbols = descriptor.query[index].value.split(separator: ",").map(String.init)
            for (symbol, part) in TwelveData.splitBatch(exchange.body, symbols: symbols).sorted(by: { $0.key < $1.key }) {
                var single = descriptor
                single.query[index].value = symbol
                result.append((single, part))
            }
        }
        return result
    }

    /// The body with every configured key and every secret query parameter replaced by `***`,
    /// and how many replacements that took.
    static func scrub(_ body: Data, secrets: [String]) -> (Data, Int) {
        let text = String(decoding: body, as: UTF8.self)
        let clean = Redactor.scrub(text, secrets: secrets)
        guard clean != text else { return (body, 0) }
        let count = clean.components(separatedBy: "***").count - text.components(separatedBy: "***").count
        return (Data(clean.utf8), max(1, count))
    }

    /// `openweather/onecall-55.7558-37.6173.json`: the endpoint's short name and its identifying values.
    static func fileName(_ descriptor: RequestDescriptor, taken: inout [String: String]) -> String {
        let short = descriptor.name.split(separator: ".").dropFirst().joined(separator: "-")
        var values = identifying(descriptor.query).sorted { $0.key < $1.key }.map(\.value)
        // With nothing in the query, the path says what it is (`/api/fruit/Banana`).
        if values.isEmpty, let last = descriptor.path.split(separator: "/").last.map(String.init), last.lowercased() != short.lowercased() {
            values = [last]
        }
        var slug = ([short.isEmpty ? "response" : short] + values).joined(separator: "-").lowercased()
        slug = String(slug.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "-" }.prefix(80))
        let identity = descriptor.identity
        var file = "\(descriptor.provider.fixtureFolder)/\(slug).json"
        if let owner = taken[file], owner != identity {
            file = "\(descriptor.provider.fixtureFolder)/\(slug)-\(String(FNV1a.hash(identity.utf8) % 100_000)).json"
        }
        taken[file] = identity
        return file
    }

    /// The query's parameters that tell the answer apart (what names its file): the secret ones
    /// and the loosened ones (`Recording.loosened`) left out.
    static func identifying(_ query: [QueryItem]) -> [String: String] { asked(query).filter { !Recording.loosened.contains($0.key) } }

    /// The query as it was asked, less its secret parameters: what a recording stores, so it
    /// matches what the request said (`lang=en` included).
    static func asked(_ query: [QueryItem]) -> [String: String] {
        var result: [String: String] = [:]
        for item in query where !Provider.secretQueryNames.contains(item.name.lowercased()) { result[item.name] = item.value }
        return result
    }

    /// The documented recording shape, the body spliced in as sent when it is JSON.
    static func recording(_ descriptor: RequestDescriptor, body: Data) throws -> Data {
        let query = asked(descriptor.query).sorted { $0.key < $1.key }.map { ($0.key, JSONValue.string($0.value)) }
        let request = JSONValue.object([
            ("method", .string(descriptor.method.rawValue)), ("path", .string(descriptor.path)), ("query", .object(query)),
        ])
        var data = Data("{\"request\":".utf8) + request.encoded()
        data += Data(",\"response\":{\"status\":200,\"headers\":{\"content-type\":\"application/json\"},".utf8)
        return data + BodyEnvelope.member(body) + Data("}}\n".utf8)
    }
}
