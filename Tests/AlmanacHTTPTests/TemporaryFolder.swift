import Foundation
import XCTest

@testable import AlmanacTestSupport

/// A fresh temporary folder for `test`, removed when it ends.
func makeTemporaryFolder(_ test: XCTestCase) throws -> URL {
    let url = try freshTemporaryFolder()
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}
