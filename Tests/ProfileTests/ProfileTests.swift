import AlmanacCore
import XCTest

@testable import Profile
@testable import TestHarness

/// The profile end to end: the login name until one is set, the username's rule, `--json`.
final class ProfileCommandTests: XCTestCase {
    func testTheUsernameFromTheLoginUntilOneIsSet() throws {
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try runAlmanac(["profile"], home: home, environment: ["USER": "maria"]).out, "Username: maria\n")
        XCTAssertEqual(try runAlmanac(["profile"], home: home, environment: ["USER": "1bad"]).out, "Username: guest\n")
        for bad in ["ab", "1abc", "has space", String(repeating: "a", count: 33), "émile"] {
            assertOneLineError(try runAlmanac(["profile", "set-username", bad], home: home), status: 64, contains: "starting with a letter")
        }
        XCTAssertEqual(try runAlmanac(["profile", "set-username", "j.doe-2"], home: home).out, "Username set to j.doe-2.\n")
        XCTAssertEqual(try runAlmanac(["profile", "--json"], home: home).out, "{\n  \"username\" : \"j.doe-2\"\n}\n")
    }
}

/// The service: what a username may be, and that the saved one wins over the login name.
final class ProfileServiceTests: XCTestCase {
    func testTheSavedNameWinsAndAnInvalidOneIsNeverSaved() throws {
        let folder = try makeTemporaryFolder(self)
        let service = ProfileService(store: DocumentStore<Profile>(folder: folder), loginName: "maria")
        XCTAssertEqual(try service.username(), "maria")
        XCTAssertThrowsError(try service.setUsername("no spaces")) { XCTAssertEqual($0 as? ProfileError, .invalidUsername) }
        XCTAssertEqual(try service.username(), "maria")
        XCTAssertEqual(try service.setUsername("ann_3"), "ann_3")
        XCTAssertEqual(try ProfileService(store: DocumentStore<Profile>(folder: folder), loginName: "maria").username(), "ann_3")
    }
}
