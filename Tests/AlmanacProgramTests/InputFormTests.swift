import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import TerminalKit
@testable import TestHarness

/// The app's forms against the one table of bad inputs (`InputCase.table`): each form field
/// refuses the text with the same rule, in the same words, as the command line and the menu.
final class InputFormTests: XCTestCase {
    func testEveryFormKeepsTheRulesOfTheCommandLine() throws {
        let home = try freshTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        for input in InputCase.table {
            guard let form = input.form else { continue }
            let (app, _) = try AppHarness(home: home).makeApp()
            _ = app.apply(.character(Character(String(form.tab))))
            XCTAssertTrue(AppHarness.settle(app), input.kind)
            for key in form.keys { _ = app.apply(key == "\n" ? .enter : .character(key)) }
            XCTAssertTrue(AppHarness.settle(app), input.kind)
            for _ in 0..<form.field { _ = app.apply(.tab) }
            for _ in 0..<20 { _ = app.apply(.backspace) }
            for character in input.text { _ = app.apply(.character(character)) }
            _ = app.apply(.enter)
            XCTAssertTrue(AppHarness.settle(app), input.kind)
            let screen = app.frame(columns: 80, rows: 24).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            XCTAssertTrue(screen.contains(input.rule), "\(input.kind): the app shows \(screen)")
        }
    }
}
