import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// `weather`'s first run on a terminal (tmux), through the built binary: it asks for a place,
/// remembers it, and Ctrl+C at its prompt ends at once.
final class WeatherFirstRunTests: XCTestCase {
    /// No saved city, on a terminal: it explains, asks, offers the time zone's city, and remembers.
    func testFirstRunOnATerminalAsksAndRemembers() throws {
        try requireTmux()
        let home = try makeTemporaryFolder(self)
        let screens = try runScript("first-run-in-tmux.sh", home: home)
        let asked = screens.components(separatedBy: "=== STEP answered").first ?? ""
        XCTAssertTrue(asked.contains("No saved city yet. Almanac shows the weather for the cities you save"), screens)
        XCTAssertTrue(asked.contains("2) Use Oslo (from this computer's time zone)"), screens)
        XCTAssertTrue(screens.contains("Saved Oslo, Norway as your default city."), screens)
        XCTAssertTrue(screens.contains("Now — Oslo, Norway"), screens)
        XCTAssertTrue(screens.contains("EXIT=0"), screens)
        let again = try runAlmanac(["weather"], home: home)
        XCTAssertTrue(again.out.hasPrefix("Now — Oslo, Norway"), again.out)
        XCTAssertFalse(again.err.contains("no saved city"), again.err)
    }

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
