import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

@testable import TestHarness

/// `almanac serve --notify`: the saved cities' warnings checked each round, each new or changed
/// warning sent once (docs/serve.md, "Notifications").
extension ServeTests {
    func testWithNotifyEachWarningIsSentOnceAndAChangedOneAgain() throws {
        let home = try makeTemporaryFolder(self)
        let answer = Mutex(WarningAnswers.gale())
        // No lifetime: each round asks MET again, so a round is a request the test can count.
        let met = try LoopbackServer { _ in .json(answer.withLock { $0 }, headers: ["Cache-Control": "no-cache"]) }
        let (command, log) = try NotifyScript.make(in: home)
        let environment = ["ALMANAC_METNO_URL": met.baseURL, "ALMANAC_NOTIFY_COMMAND": command, "ALMANAC_NOTIFY_EVERY": "0.2"]
        let added = try runAlmanac(["weather", "add", "58.4,5.9"], home: home, environment: environment)
        XCTAssertEqual(added.status, 0, added.err)
        let server = try start(home: home, environment: environment, options: ["--notify"])
        XCTAssertTrue(server.log.contains("checking warnings and price alerts every 0.2 s"), server.log)
        XCTAssertTrue(waitUntil(seconds: 15) { NotifyScript.calls(log).count == 1 }, "the warning sent: \(server.log)")
        XCTAssertTrue(NotifyScript.calls(log).first?.contains { $0.contains("Gale, yellow level") } ?? false, "\(NotifyScript.calls(log))")
        let asked = met.receivedRequests.count
        XCTAssertTrue(waitUntil(seconds: 15) { met.receivedRequests.count >= asked + 3 }, "three more rounds")
        XCTAssertEqual(NotifyScript.calls(log).count, 1, "sent once, not each round")
        answer.withLock { $0 = WarningAnswers.gale("Gale, orange level") }
        XCTAssertTrue(waitUntil(seconds: 15) { NotifyScript.calls(log).count == 2 }, "the changed warning sent: \(server.log)")
        XCTAssertTrue(NotifyScript.calls(log).last?.contains { $0.contains("orange") } ?? false, "\(NotifyScript.calls(log))")
    }
}
