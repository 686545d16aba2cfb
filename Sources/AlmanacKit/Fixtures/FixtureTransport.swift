import Foundation

/// Answers requests from recorded responses under the fixtures folder (one folder per provider).
public final class FixtureTransport: @unchecked Sendable {
    public let folder: URL
    private let lock = NSLock()
    private var loaded: [String: [Recording]] = [:]

    public init(folder: URL) {
        self.folder = folder
    }

    /// The recorded response for a request, or `APIError.noRecording` naming the nearest one.
    public func respond(to descriptor: RequestDescriptor) throws -> HTTPResponse {
        if let batch = try batchResponse(for: descriptor) { return batch }
        let recordings = self.recordings(for: descriptor.provider)
        let best = recordings
            .compactMap { recording in recording.score(descriptor).map { (recording, $0) } }
            .max { $0.1 < $1.1 }
        if let (recording, _) = best {
            return HTTPResponse(status: recording.status, headers: recording.headers, body: recording.body)
        }
        throw APIError.noRecording(
            request: descriptor.identity, nearest: nearest(to: descriptor, in: recordings),
            folder: folder.appendingPathComponent(descriptor.provider.fixtureFolder).path)
    }

    /// Twelve Data batches (`symbol=A,B`): an object keyed by each symbol as sent, each value that
    /// symbol's single recording or an error object — the provider's own batch shape.
    private func batchResponse(for descriptor: RequestDescriptor) throws -> HTTPResponse? {
        guard descriptor.provider == .twelveData,
            let index = descriptor.query.firstIndex(where: { $0.name == "symbol" }),
            descriptor.query[index].value.contains(",")
        else { return nil }
        var parts: [String] = []
        for symbol in descriptor.query[index].value.split(separator: ",").map(String.init) {
            var single = descriptor
            single.query[index].value = symbol
            let body: String
            if let response = try? respond(to: single), response.isSuccess {
                body = String(decoding: response.body, as: UTF8.self)
            } else {
                body = "{\"code\":404,\"message\":\"**symbol** not found: \(symbol). Please specify it correctly\",\"status\":\"error\"}"
            }
            parts.append("\"\(symbol)\":\(body)")
        }
        return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(("{" + parts.joined(separator: ",") + "}").utf8))
    }

    /// The date the recordings were made (`Fixtures/RECORDED`, `YYYY-MM-DD`), if stated.
    public var recordedOn: LocalDate? {
        (try? String(contentsOf: folder.appendingPathComponent("RECORDED"), encoding: .utf8))
            .flatMap { LocalDate($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Every recording of a provider, loaded once.
    public func recordings(for provider: Provider) -> [Recording] {
        lock.withLock {
            if let cached = loaded[provider.fixtureFolder] { return cached }
            let providerFolder = folder.appendingPathComponent(provider.fixtureFolder)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: providerFolder.path)) ?? []
            let recordings = files.filter { $0.hasSuffix(".json") }.sorted()
                .compactMap { Recording.load(providerFolder.appendingPathComponent($0)) }
            loaded[provider.fixtureFolder] = recordings
            return recordings
        }
    }

    private func nearest(to descriptor: RequestDescriptor, in recordings: [Recording]) -> String? {
        let given = Dictionary(descriptor.query.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        func cost(_ recording: Recording) -> Int {
            recording.query.reduce(0) { total, item in total + Similarity.distance(given[item.key] ?? "", item.value) }
        }
        guard let best = recordings.filter({ $0.path == descriptor.path }).min(by: { cost($0) < cost($1) }) else { return nil }
        let params = best.query.keys.sorted().map { "\($0)=\(best.query[$0]!)" }.joined(separator: "&")
        return "\(best.file) (\(best.path)\(params.isEmpty ? "" : "?" + params))"
    }
}
