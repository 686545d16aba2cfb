import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacClient
@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacProviders
@testable import TestHarness

/// "Asking MET Norway…" after a second without an answer, erased when the answer comes.
final class AskingLineTests: XCTestCase {
    private func console(terminal: Bool) -> (Console, Collected) {
        let err = Collected()
        let console = Console(errIsTerminal: terminal, out: { _ in }, err: { text in err.append(Data(text.utf8)) })
        return (console, err)
    }

    /// A wait that never ends before the answer: the second has not passed.
    private let never: @Sendable (TimeInterval) async throws -> Void = { _ in try await Task.sleep(nanoseconds: .max) }

    func testASlowAnswerNamesWhoIsAskedThenErasesTheLine() async throws {
        let (console, err) = console(terminal: true)
        let asked = Collected()
        let line = AskingLine(console: console, quiet: false) { seconds in asked.append(Data("\(seconds)".utf8)) }  // the second passes
        let answer = try await line.around(.metNorway) {
            // The answer comes once the line is up: the event, not a clock, is waited for.
            XCTAssertTrue(waitUntil { !err.data.isEmpty }, "the line shows once the second has passed")
            return 7
        }
        XCTAssertEqual(answer, 7)
        XCTAssertEqual(String(decoding: asked.data, as: UTF8.self), "1.0", "after AskingLine.delay")
        XCTAssertEqual(String(decoding: err.data, as: UTF8.self), "\r\u{1B}[KAsking MET Norway…\r\u{1B}[K")
    }

    func testAQuickAnswerAStatusBarAndAPipeSayNothing() async throws {
        let (quick, quickErr) = console(terminal: true)
        _ = try await AskingLine(console: quick, quiet: false, wait: never).around(.metNorway) { 1 }
        XCTAssertEqual(String(decoding: quickErr.data, as: UTF8.self), "", "an answer within the second")
        let passed: @Sendable (TimeInterval) async throws -> Void = { _ in }
        let (bar, barErr) = console(terminal: true)
        _ = try await AskingLine(console: bar, quiet: true, wait: passed).around(.metNorway) { 1 }
        XCTAssertEqual(String(decoding: barErr.data, as: UTF8.self), "", "a status bar's run")
        let (pipe, pipeErr) = console(terminal: false)
        _ = try await AskingLine(console: pipe, quiet: false, wait: passed).around(.metNorway) { 1 }
        XCTAssertEqual(String(decoding: pipeErr.data, as: UTF8.self), "", "stderr is not a terminal")
    }
}
