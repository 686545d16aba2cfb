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
        let samePath = recordings.filter { $0.path == descriptor.path }
        guard let first = samePath.first else { return nil }
        let params = first.query.keys.sorted().map { "\($0)=\(first.query[$0]!)" }.joined(separator: "&")
        return "\(first.file) (\(first.path)\(params.isEmpty ? "" : "?" + params))"
    }
}
