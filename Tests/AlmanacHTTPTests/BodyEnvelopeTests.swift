import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP

/// One envelope codec: a body written into a cache entry or a recording reads back byte for byte.
final class BodyEnvelopeTests: XCTestCase {
    func testAJSONBodyIsKeptAsSentAndTextAsAString() throws {
        for body in [#"{ "b" : [1, 2] }"#, "<html>\"quoted\"\n</html>", "[1,"] {
            let entry = CacheEntry(
                key: "k", provider: Provider.named("twelvedata"), name: "n", fetchedAt: Date(timeIntervalSince1970: 1_700_000_000), ttl: 60,
                etag: "\"e\"",
                body: Data(body.utf8))
            let decoded = try XCTUnwrap(CacheEntry.decode(entry.encoded()), body)
            XCTAssertEqual(String(decoding: decoded.body, as: UTF8.self), body)
            XCTAssertEqual(decoded, entry)
        }
    }

    func testARecordingReadsItsBodyAsStored() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("envelope-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("r.json")
        let text =
            #"{"request":{"method":"get","path":"/q","query":{"symbol":"BTC/USD","n":5}},"response":{"status":404,"headers":{"x":"y"},"body": {"a" : 1}}}"#
        try Data(text.utf8).write(to: file)
        let recording = try XCTUnwrap(Recording.load(file))
        XCTAssertEqual(String(decoding: recording.body, as: UTF8.self), #"{"a" : 1}"#)
        XCTAssertEqual(recording.query, ["symbol": "BTC/USD", "n": "5"])
        XCTAssertEqual(recording.status, 404)
        XCTAssertEqual(recording.method, .get)
        try Data(text.dropLast(2).utf8).write(to: file)
        XCTAssertNil(Recording.load(file), "cut short")
    }
}
