import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// `weather`'s first run in a real terminal (tmux), through the built binary: Ctrl+C at its
/// prompt ends it at once. (The answered first runs run in process: `WeatherCommandTests`.)
final class WeatherFirstRunTests: XCTestCase {
    /// Ctrl+C at the first run's "City name:" prompt ends the run at once, saying so (130).
    func testCtrlCAtTheFirstRunPromptEndsAtOnceSayingSo() throws {
        try requireTmux()
        let home = try makeTemporaryFolder(self)
        let screens = try runScript("first-run-in-tmux.sh", home: home, arguments: ["UTC", "interrupt"])
        let after = screens.components(separatedBy: "=== STEP answered").last ?? ""
        XCTAssertTrue(after.contains("almanac: interrupted"), screens)
        XCTAssertTrue(after.contains("EXIT=130"), screens)
    }
}
