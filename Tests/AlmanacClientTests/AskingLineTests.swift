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

    func testASlowAnswerNamesWhoIsAskedThenErasesTheLine() async throws {
        let (console, err) = console(terminal: true)
        let line = AskingLine(console: console, quiet: false)
        let answer = try await line.around(.metNorway) {
            try await Task.sleep(nanoseconds: 1_300_000_000)
            return 7
        }
        XCTAssertEqual(answer, 7)
        XCTAssertEqual(String(decoding: err.data, as: UTF8.self), "\r\u{1B}[KAsking MET Norway…\r\u{1B}[K")
    }

    func testAQuickAnswerAStatusBarAndAPipeSayNothing() async throws {
        let (quick, quickErr) = console(terminal: true)
        _ = try await AskingLine(console: quick, quiet: false).around(.metNorway) { 1 }
        XCTAssertEqual(String(decoding: quickErr.data, as: UTF8.self), "", "an answer within the second")
        let (bar, barErr) = console(terminal: true)
        _ = try await AskingLine(console: bar, quiet: true).around(.metNorway) {
            try await Task.sleep(nanoseconds: 1_200_000_000)
            return 1
        }
        XCTAssertEqual(String(decoding: barErr.data, as: UTF8.self), "", "a status bar's run")
        let (pipe, pipeErr) = console(terminal: false)
        _ = try await AskingLine(console: pipe, quiet: false).around(.metNorway) {
            try await Task.sleep(nanoseconds: 1_200_000_000)
            return 1
        }
        XCTAssertEqual(String(decoding: pipeErr.data, as: UTF8.self), "", "stderr is not a terminal")
    }
}
