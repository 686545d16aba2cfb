import AlmanacCore
import Foundation
import Synchronization

/// Answers requests from recorded responses: one or more fixture sets, searched in order (a
/// user's own recordings first, then the shipped set), one folder per provider in each.
///
/// A set with a `manifest.json` is matched from the manifest alone and only the chosen recording
/// is read; files the manifest does not list are read when first needed.
package final class FixtureTransport: Sendable {
    /// The sets, most preferred first.
    package let folders: [URL]
    /// Each provider folder's candidates and each set's manifest, read once.
    let known = Mutex((candidates: [String: [Candidate]](), manifests: [URL: FixtureManifest?](), recorded: Recorded?.none))

    /// The recording day and time of the sets.
    struct Recorded: Sendable {
        var day: LocalDate?
        var at: Date?
    }

    /// A recording known by its request, read on use.
    struct Candidate: Sendable {
        var folder: URL
        var file: String
        var method: HTTPMethod
        var path: String
        var query: [String: String]
        var status: Int = 200
        var loaded: Recording?

        var recording: Recording? { loaded ?? Recording.load(folder.appendingPathComponent(file)) }

        /// The recorded answer, its body taken as stored (`Recording.load`).
        var response: HTTPResponse? {
            recording.map { HTTPResponse(status: $0.status, headers: $0.headers, body: $0.body) }
        }
    }

    /// The providers requests may name, by their stored name (their fixture folder and batching).
    let providers: [String: Provider]

    /// The size cap of the folder of kept answers unless told otherwise: 10 MB.
    package static let defaultReplayLimitBytes = 10 * 1024 * 1024

    /// Answers given before, kept with the stamps of the files they came from; nil: none kept.
    private let replay: FixtureReplay?

    /// - Parameters:
    ///   - providers: the providers a request may name; others are known by name only.
    ///   - replayFolder: where answers are kept for later runs (`<cache>/replay`); nil: nowhere.
    ///   - replayLimitBytes: that folder's size cap (10 MB by default).
    package convenience init(
        folders: [URL], providers: [Provider] = [], replayFolder: URL? = nil, replayLimitBytes: Int = defaultReplayLimitBytes
    ) {
        self.init(
            folders: folders, providers: providers, replay: replayFolder.map { FixtureReplay(folder: $0, limitBytes: replayLimitBytes) })
    }

    init(folders: [URL], providers: [Provider], replay: FixtureReplay?) {
        self.folders = folders
        self.providers = Dictionary(providers.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        self.replay = replay
    }

    package convenience init(folder: URL, providers: [Provider] = [], replayFolder: URL? = nil) {
        self.init(folders: [folder], providers: providers, replayFolder: replayFolder)
    }

    /// The most preferred set.
    package var folder: URL { folders[0] }

    /// Forgets the answers kept for later runs (all, or one provider's), so the next ones are
    /// worked out from the sets again; returns how many.
    @discardableResult
    package func forgetKeptAnswers(provider: Provider? = nil) -> Int { replay?.clear(provider: provider) ?? 0 }

    /// How many sample answers are kept for later runs, and their size in bytes.
    package func keptAnswers() -> (count: Int, bytes: Int) { replay?.usage() ?? (0, 0) }

    /// The file keeping the answer to a request for later runs; nil when none are kept.
    package func keptAnswerPath(for descriptor: RequestDescriptor) -> String? {
        replay?.path(for: replayRequest(descriptor), provider: descriptor.provider)
    }

    /// A request as kept answers know it: the sets in order, then the request's identity.
    private func replayRequest(_ descriptor: RequestDescriptor) -> String {
        folders.map(\.path).joined(separator: "\t") + "\t" + descriptor.identity
    }

    /// The recorded response for a request, or `APIError.noRecording` naming the nearest one.
    ///
    /// An answer kept from an earlier run is served while its files are unchanged; otherwise the
    /// answer is worked out from the sets (and kept, when it is a success). A success is given in
    /// `keeping`'s form (an endpoint's kept form, `Endpoint.keeping`), the first run as the later
    /// ones: each reads what the cache would.
    package func respond(to descriptor: RequestDescriptor, keeping: (@Sendable (Data) -> Data?)? = nil) throws -> HTTPResponse {
        let request = replayRequest(descriptor)
        if let replay, let kept = replay.read(request, provider: descriptor.provider) {
            known.withLock { if $0.recorded == nil { $0.recorded = Recorded(day: kept.recordedOn, at: kept.recordedAt) } }
            var response = kept.response
            if let at = kept.recordedAt { response.headers[Self.recordedAtHeader] = String(at.timeIntervalSince1970) }
            return response
        }
        var used: [String] = []
        guard let answer = answer(to: descriptor, used: &used) else {
            throw APIError.noRecording(
                request: descriptor.identity, nearest: nearest(to: descriptor, in: candidates(for: descriptor.provider)),
                folder: folder.appendingPathComponent(descriptor.provider.fixtureFolder).path)
        }
        var response = narrowed(answer, for: descriptor)
        // The answer's own set's recording time (`FixtureTransport.recordedAt(of:)`).
        let set = folders.first { set in used.contains { $0.hasPrefix(set.path + "/") } }.map(stamp) ?? recording
        if let at = set.at { response.headers[Self.recordedAtHeader] = String(at.timeIntervalSince1970) }
        // A success in its kept form from the first run on, so that every run reads the same.
        if response.isSuccess, let body = keeping?(response.body) { response.body = body }
        if let replay, response.isSuccess {
            let kept = FixtureReplay.Answer(response: response, recordedAt: set.at, recordedOn: set.day)
            replay.write(kept, for: request, provider: descriptor.provider, dependencies: dependencies(of: descriptor.provider, used: used))
        }
        return response
    }

    /// The recording that answers a request best, or the batch made of its items' recordings;
    /// `used` gets the path of every recording read.
    func answer(to descriptor: RequestDescriptor, used: inout [String]) -> HTTPResponse? {
        if let best = best(candidates(for: descriptor.provider), for: descriptor), let response = best.response {
            used.append(best.folder.path + "/" + best.file)
            return response
        }
        return batchResponse(for: descriptor, used: &used)
    }

    /// A success cut to the days the request asks for, when the provider keeps rows by day and
    /// the request names a first or an end day — what the provider itself would have answered.
    private func narrowed(_ response: HTTPResponse, for descriptor: RequestDescriptor) -> HTTPResponse {
        guard response.isSuccess, let rule = descriptor.provider.datedRows else { return response }
        let start = descriptor.query.last { $0.name == rule.startQuery }.map { Array($0.value.utf8) }
        let end = descriptor.query.last { $0.name == rule.endQuery }.map { Array($0.value.utf8) }
        guard start != nil || end != nil,
            let body = JSONSpan.filtering(rule.rows, by: rule.date, in: response.body, keep: { rule.contains($0, start: start, end: end) })
        else { return response }
        var cut = response
        cut.body = body
        return cut
    }

    /// Every file an answer for `provider` was worked out from: each set's manifest, `RECORDED`
    /// and provider folder (present or not), the recordings outside a manifest, and `used`.
    private func dependencies(of provider: Provider, used: [String]) -> [String] {
        var paths: [String] = []
        for folder in folders {
            paths += [FixtureManifest.fileName, "RECORDED", provider.fixtureFolder].map { folder.path + "/" + $0 }
        }
        paths += candidates(for: provider).filter { $0.loaded != nil }.map { $0.folder.path + "/" + $0.file }
        var seen = Set<String>()
        return (paths + used).filter { seen.insert($0).inserted }
    }

    /// What the recordings answer for requests like this one (same provider and path): the
    /// values of the parameters that tell them apart (`geocode=Moscow` → `Moscow`; `lat`/`lon` →
    /// `55.76,37.62`), in recording order, each once.
    package func coverage(for descriptor: RequestDescriptor) -> [String] {
        let similar = similar(to: descriptor)
        let varying = Set(similar.flatMap { $0.query.keys }).filter { name in Set(similar.map { $0.query[name] ?? "" }).count > 1 }
        var seen = Set<String>()
        return similar.compactMap { candidate -> String? in
            let parts = varying.sorted().compactMap { candidate.query[$0] }
            guard !parts.isEmpty else { return nil }
            let text =
                parts.count == 2 && varying == ["lat", "lon"] ? "\(candidate.query["lat"]!),\(candidate.query["lon"]!)" : parts.joined(separator: " ")
            return seen.insert(text).inserted ? text : nil
        }
    }

    /// The places the recordings like this request answer for (`lat`/`lon` or
    /// `latitude`/`longitude`), in recording order.
    package func places(for descriptor: RequestDescriptor) -> [(latitude: Double, longitude: Double)] {
        similar(to: descriptor).compactMap { Recording.place($0.query)?.place }
    }

    /// Recordings of the same kind of request (same provider, path, a 200): none naming a
    /// parameter the request lacks (`/v1/forecast` answers both a zone and a rain request, each
    /// recording naming its own).
    private func similar(to descriptor: RequestDescriptor) -> [Candidate] {
        let given = Recording.parameters(of: descriptor)
        return candidates(for: descriptor.provider).filter { candidate in
            candidate.path == descriptor.path && candidate.status == 200 && candidate.query.keys.allSatisfy { given[$0] != nil }
        }
    }

    /// The candidate listing most matching parameters; earlier sets win ties.
    func best(_ candidates: [Candidate], for descriptor: RequestDescriptor) -> Candidate? {
        var best: (Candidate, Int)?
        let given = Recording.parameters(of: descriptor)
        for candidate in candidates {
            guard let score = Recording.score(method: candidate.method, path: candidate.path, query: candidate.query, descriptor, given: given)
            else { continue }
            if best == nil || score > best!.1 { best = (candidate, score) }
        }
        return best?.0
    }
}
