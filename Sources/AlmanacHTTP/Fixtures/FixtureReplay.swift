import AlmanacCore
import Foundation

/// Answers the fixture sets gave before, one file per request (`<provider>-<hash>.replay` under
/// the cache folder's `replay/`), each with the stamps of every file the answer was worked out
/// from: a later run finds the answer by reading that one file and checking those stamps, with no
/// manifest parsed and no recording scanned.
///
/// An answer is served only while every file it depended on — each set's manifest and
/// `RECORDED`, the provider folders, the recordings outside a manifest, the recordings the answer
/// came from — carries the stamp it had, and only for the same request asked of the same sets in
/// the same order; anything else is a miss, and the answer is worked out again and replaces it.
/// The files hold recorded answers only (no secrets: recordings are scrubbed when made).
///
/// File layout, one line each, then the body as it is served:
/// `almanac-replay 1`, the request (the sets' paths and the request identity, tab-separated),
/// the recording time (seconds since 1970, or `-`), the recording day (or `-`), the status, the
/// content type, the number of stamps, one line per stamp (`<stamp> <path>`), an empty line.
struct FixtureReplay: Sendable {
    /// A recorded answer and when the sets were recorded.
    struct Answer: Equatable {
        var response: HTTPResponse
        var recordedAt: Date?
        var recordedOn: LocalDate?
    }

    static let header = "almanac-replay 1"

    let folder: URL
    /// How long a file must have been left alone before an answer depending on it is kept, in
    /// seconds (default 1). A file's times tick coarsely (a few milliseconds), so one changed twice
    /// within a tick at the same size could keep its stamp; a file settled before its stamp was
    /// taken cannot change again without getting another one.
    var settle: TimeInterval = 1
    /// The folder's size cap in bytes (default 10 MB); past it, the files written longest ago go
    /// first. Checked on each write only, so serving a kept answer stays one read.
    var limitBytes: Int = FixtureTransport.defaultReplayLimitBytes

    /// The file for a request: `<provider>-<16 hex digits of FNV-1a of the request>.replay`,
    /// named as the cache names its entries.
    func path(for request: String, provider: Provider) -> String {
        folder.path + "/" + JSONFileCache.fileName(for: request, provider: provider, ext: "replay")
    }

    /// The answer stored for `request`, while every file it depended on is unchanged; else nil.
    func read(_ request: String, provider: Provider) -> Answer? {
        guard let data = FileBytes.read(atPath: path(for: request, provider: provider)) else { return nil }
        var lines = ByteLines(data: data)
        guard lines.next()?.elementsEqual(Self.header.utf8) == true, lines.next()?.elementsEqual(request.utf8) == true,
            let at = lines.text(), let on = lines.text(), let status = lines.text().flatMap({ Int($0) }),
            let type = lines.text(), let count = lines.text().flatMap({ Int($0) }), count >= 0
        else { return nil }
        guard lines.stampsHold(count) else { return nil }
        guard lines.next()?.isEmpty == true else { return nil }
        return Answer(
            response: HTTPResponse(status: status, headers: type.isEmpty ? [:] : ["content-type": type], body: Data(data[lines.offset...])),
            recordedAt: Double(at).map(Date.init(timeIntervalSince1970:)), recordedOn: LocalDate(on))
    }

    /// Stores the answer to `request` with the stamps `dependencies` have now. Best effort: a
    /// folder that cannot be written to only means the next run works the answer out again.
    func write(_ answer: Answer, for request: String, provider: Provider, dependencies: [String]) {
        guard !request.contains("\n"), let stamps = FileStamp.lines(dependencies, settledBefore: Date().timeIntervalSince1970 - settle)
        else { return }
        var text = Self.header + "\n" + request + "\n"
        text += (answer.recordedAt.map { String($0.timeIntervalSince1970) } ?? "-") + "\n"
        text += (answer.recordedOn?.description ?? "-") + "\n"
        text += "\(answer.response.status)\n" + (answer.response.header("content-type") ?? "").trimmingWhitespaceAndNewlines() + "\n"
        var data = Data((text + stamps + "\n").utf8)
        data.append(answer.response.body)
        guard (try? AtomicFile.write(data, to: URL(fileURLWithPath: path(for: request, provider: provider)), durable: false)) != nil
        else { return }
        FolderCap.trim(folder.path, suffix: ".replay", limitBytes: limitBytes)
    }

    /// How many answers are kept, and their size in bytes.
    func usage() -> (count: Int, bytes: Int) {
        var usage = (count: 0, bytes: 0)
        for name in DirectoryNames.list(atPath: folder.path) ?? [] where name.hasSuffix(".replay") {
            guard case .present(_, let size, _, _, _, _) = FileStamp(path: folder.path + "/" + name) else { continue }
            usage.count += 1
            usage.bytes += Int(size)
        }
        return usage
    }

    /// Removes the kept answers (all, or one provider's); returns how many.
    @discardableResult
    func clear(provider: Provider?) -> Int {
        var removed = 0
        for name in DirectoryNames.list(atPath: folder.path) ?? [] where name.hasSuffix(".replay") {
            if let provider, !JSONFileCache.isFile(name, of: provider, ext: "replay") { continue }
            if unlink(folder.path + "/" + name) == 0 { removed += 1 }
        }
        return removed
    }
}
