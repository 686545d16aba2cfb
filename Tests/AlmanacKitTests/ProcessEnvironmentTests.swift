import Foundation
import XCTest

@testable import AlmanacCore

final class ProcessEnvironmentTests: XCTestCase {
    /// The same variables Foundation reports, values with `=` in them included.
    func testVariablesEqualFoundations() {
        setenv("ALMANAC_TEST_EQUALS", "a=b=c", 1)
        setenv("ALMANAC_TEST_EMPTY", "", 1)
        defer {
            unsetenv("ALMANAC_TEST_EQUALS")
            unsetenv("ALMANAC_TEST_EMPTY")
        }
        let variables = ProcessEnvironment.variables()
        XCTAssertEqual(variables["ALMANAC_TEST_EQUALS"], "a=b=c")
        XCTAssertEqual(variables["ALMANAC_TEST_EMPTY"], "")
        XCTAssertEqual(variables, ProcessInfo.processInfo.environment)
    }
}
