import AlmanacProviders
import Foundation
import XCTest

@testable import AlmanacProgram
@testable import Fruit
@testable import Profile
@testable import TestHarness

/// The full-screen app in a real terminal (tmux): every tab, bad input, a resize, and a clean
/// terminal after `q` and after SIGTERM.
final class AppCommandTests: XCTestCase {
    func testPipedTheAppRefusesAndTheBareCommandPrintsHelp() throws {
        let home = try makeTemporaryFolder(self)
        let app = try runAlmanac(["ui"], home: home)
        XCTAssertEqual(app.status, 1)
        XCTAssertTrue(app.err.contains("The full-screen app needs a terminal"), app.err)
        let bare = try runAlmanac([], home: home)
        XCTAssertEqual(bare.status, 0)
        XCTAssertTrue(bare.out.contains("USAGE: almanac"), bare.out)
    }
}
