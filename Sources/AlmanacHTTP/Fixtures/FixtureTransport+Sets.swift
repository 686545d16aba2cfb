import AlmanacCore
import Foundation

/// The fixture sets: their manifests, the recording day, and each provider folder's recordings.
extension FixtureTransport {
    /// When the recordings were made: the first set's `recordedAt`, else noon UTC of `recordedOn`.
    package var recordedAt: Date? { recording.at }

    /// The day the recordings were made: the first set's manifest, else its `RECORDED` file.
    package var recordedOn: LocalDate? { recording.day }

    /// Both, worked out once per run: the first set's that says.
    var recording: Recorded {
        if let known = known.withLock({ $0.recorded }) { return known }
        let recorded = folders.lazy.map(stamp).first { $0.day != nil || $0.at != nil } ?? Recorded(day: nil, at: nil)
        known.withLock { $0.recorded = recorded }
        return recorded
    }

    /// When one set was recorded: its manifest's `recordedAt` and `recordedOn`, else its
    /// `RECORDED` file's day (at noon UTC). Each answer carries its own set's
    /// (`recordedAtHeader`), so a partial set of the user's never relabels the shipped one.
    func stamp(_ folder: URL) -> Recorded {
        let manifest = manifest(folder)
        var day = manifest?.recordedOn.flatMap(LocalDate.init)
        if day == nil, let data = FileBytes.read(atPath: folder.appendingPathComponent("RECORDED").path) {
            day = LocalDate(String(decoding: data, as: UTF8.self).trimmingWhitespaceAndNewlines())
        }
        var at = day?.middayUTC
        if let text = manifest?.recordedAt, let stamp = try? Date(text, strategy: .iso8601) { at = stamp }
        return Recorded(day: day, at: at)
    }

    /// The header a recorded answer carries with its set's recording time (seconds since 1970).
    package static let recordedAtHeader = "x-almanac-recorded-at"

    /// When the set that gave `response` was recorded; nil when it does not say.
    package static func recordedAt(of response: HTTPResponse) -> Date? {
        response.header(recordedAtHeader).flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
    }

    /// The manifest of a set, read once.
    package func manifest(_ folder: URL) -> FixtureManifest? {
        known.withLock { known in
            if let manifest = known.manifests[folder] { return manifest }
            let manifest = FixtureManifest.load(from: folder)
            known.manifests[folder] = manifest
            return manifest
        }
    }

    // MARK: - Index

    func candidates(for provider: Provider) -> [Candidate] {
        if let cached = known.withLock({ $0.candidates[provider.fixtureFolder] }) { return cached }
        var all: [Candidate] = []
        for folder in folders { all += candidates(in: folder, provider: provider.fixtureFolder) }
        known.withLock { $0.candidates[provider.fixtureFolder] = all }
        return all
    }

    /// A set's candidates for one provider folder: the manifest's entries, plus any file it omits.
    func candidates(in folder: URL, provider: String) -> [Candidate] {
        let listed = manifest(folder)?.recordings.filter { $0.provider == provider } ?? []
        var result = listed.compactMap { entry -> Candidate? in
            guard let method = HTTPMethod(rawValue: entry.method.uppercased()) else { return nil }
            return Candidate(folder: folder, file: entry.file, method: method, path: entry.path, query: entry.query, status: entry.status)
        }
        let known = Set(listed.map(\.file))
        let files = DirectoryNames.list(atPath: folder.appendingPathComponent(provider).path) ?? []
        for file in files.sorted() where file.hasSuffix(".json") && !known.contains("\(provider)/\(file)") {
            guard let recording = Recording.load(folder.appendingPathComponent(provider).appendingPathComponent(file)) else { continue }
            result.append(
                Candidate(
                    folder: folder, file: "\(provider)/\(file)", method: recording.method, path: recording.path,
                    query: recording.query, status: recording.status, loaded: recording))
        }
        return result
    }

    func nearest(to descriptor: RequestDescriptor, in candidates: [Candidate]) -> String? {
        let given = Dictionary(descriptor.query.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
        func cost(_ candidate: Candidate) -> Int {
            candidate.query.reduce(0) { total, item in total + Similarity.distance(given[item.key] ?? "", item.value) }
        }
        guard let best = candidates.filter({ $0.path == descriptor.path }).min(by: { cost($0) < cost($1) }) else { return nil }
        let params = best.query.keys.sorted().map { "\($0)=\(best.query[$0]!)" }.joined(separator: "&")
        let name = String(best.file.split(separator: "/").last ?? "")
        return "\(name) (\(best.path)\(params.isEmpty ? "" : "?" + params))"
    }
}
