import AlmanacClient
import AlmanacCore
import Foundation
import TerminalKit
import XCTest

@testable import FrontKit
@testable import TestHarness

/// Human output, stale first: the stale answer at once, the final one only when it says
/// something new (the last line, the source, aside).
final class StaleFirstTests: XCTestCase {
    private func context(_ captured: CapturedConsole) throws -> FrontContext {
        let configuration = makeConfiguration(home: try makeTemporaryFolder(self))
        let app = AppContext(configuration: configuration, console: captured.console, client: makeClient(configuration, console: captured.console))
        return FrontContext(app: app, style: .plain, json: false, interactive: true)
    }

    /// Answers 1 stale, then 2.
    private let fetch: (_ onStale: (@Sendable (Int) async -> Void)?) async throws -> Int = { onStale in
        await onStale?(1)
        return 2
    }

    func testAStaleAnswerIsShownAndTheFinalOneOnlyWhenItDiffers() async throws {
        let changed = CapturedConsole()
        let answer = try await context(changed).printStaleFirst(staleFirst: true, render: { "price \($0)\nSource: now" }, fetch)
        XCTAssertEqual(answer, 2)
        XCTAssertEqual(changed.out, "price 1\nSource: now\n\nUpdated:\nprice 2\nSource: now\n")

        let same = CapturedConsole()
        _ = try await context(same).printStaleFirst(staleFirst: true, render: { "price 1\nSource: \($0)" }, fetch)
        XCTAssertEqual(same.out, "price 1\nSource: 1\n", "only the source line changed: nothing printed again")

        let piped = CapturedConsole()
        _ = try await context(piped).printStaleFirst(staleFirst: false, render: { "price \($0)" }, fetch)
        XCTAssertEqual(piped.out, "price 2\n", "no stale answer when piped")
    }
}
