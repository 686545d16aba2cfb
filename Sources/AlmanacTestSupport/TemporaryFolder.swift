import Foundation

/// A new, empty folder under the system's temporary folder, named for the tests; the caller
/// removes it (each test target's `makeTemporaryFolder` does when the test ends).
package func freshTemporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
