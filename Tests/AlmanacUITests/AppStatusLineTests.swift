import AlmanacCore
import AlmanacKit
import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacUI

/// The status line never cuts a message: it wraps up to three lines, and `m` shows them all.
final class AppStatusLineTests: XCTestCase {
    private final class Quiet: AppTab {
        var title: String { "Quiet" }
        func activate() {}
        func handle(_ key: Key) -> Bool { false }
        func body(width: Int, height: Int) -> [String] { [] }
        var hints: [String] { [] }
        var keyHelp: [String] { [] }
        var source: String? { nil }
        var pending: Int { 0 }
    }

    func testALongMessageWrapsAndTheMessagesKeyShowsItWhole() {
        let log = AppLog()
        let app = AlmanacApp(tabs: [Quiet()], style: Style(enabled: false), log: log)
        let long = (1...12).map { "word\($0)-of-a-long-message" }.joined(separator: " ")
        log.add(long)
        let frame = app.frame(columns: 80, rows: 24)
        XCTAssertEqual(frame.count, 24)
        let status = Array(frame[20..<23])
        XCTAssertTrue(status.allSatisfy { Style.width($0) <= 80 }, "\(status)")
        XCTAssertTrue(status.joined(separator: " ").contains("word1-of-a-long-message"), "\(status)")
        XCTAssertTrue(status[2].hasSuffix("… (m: messages)"), "past three lines it says where to read it: \(status)")
        XCTAssertTrue(app.apply(.character("m")))
        let messages = app.frame(columns: 80, rows: 24).joined(separator: " ")
        XCTAssertTrue(messages.contains("Messages of this session (1)"), messages)
        XCTAssertTrue(messages.contains("word12-of-a-long-message"), "the whole message: \(messages)")
        XCTAssertTrue(app.apply(.character("x")), "any key returns")
        log.add("short note")
        XCTAssertEqual(app.frame(columns: 80, rows: 24)[22], "short note", "a short one takes one line")
    }
}
