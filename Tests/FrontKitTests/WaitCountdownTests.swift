import AlmanacClient
import AlmanacCore
import Foundation
import XCTest

@testable import FrontKit
@testable import TerminalKit
@testable import TestHarness

/// The command line's words for a wait on Twelve Data credits (the feature only reports it).
final class WaitCountdownTests: XCTestCase {
    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func add(_ line: String) { lock.withLock { text += line } }
        var all: String { lock.withLock { text } }
    }

    private func wait(_ left: Int) -> PolicyWait { PolicyWait(plan: "Twelve Data free plan: 8 credits a minute", until: Date(), secondsLeft: left) }

    func testATerminalCountsDownAndClearsTheLine() {
        let lines = Lines()
        let report = WaitCountdown.reporter(console: Console(errIsTerminal: true, out: { _ in }, err: { lines.add($0) }))
        report(wait(2))
        report(wait(1))
        report(nil)
        XCTAssertEqual(
            lines.all,
            "\r\u{1B}[KTwelve Data free plan: 8 credits a minute; next request in 2 s — Ctrl+C to stop"
                + "\r\u{1B}[KTwelve Data free plan: 8 credits a minute; next request in 1 s — Ctrl+C to stop\r\u{1B}[K")
    }

    func testPipedItIsOneNoteAWait() {
        let lines = Lines()
        let report = WaitCountdown.reporter(console: Console(errIsTerminal: false, out: { _ in }, err: { lines.add($0) }))
        for left in [3, 2, 1] { report(wait(left)) }
        report(nil)
        report(wait(5))
        XCTAssertEqual(
            lines.all,
            "Twelve Data free plan: 8 credits a minute; next request in 3 s.\nTwelve Data free plan: 8 credits a minute; next request in 5 s.\n")
    }
}
