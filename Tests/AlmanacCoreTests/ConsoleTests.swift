import Foundation
import XCTest

@testable import AlmanacCore

final class ConsoleTests: XCTestCase {
    /// Everything written arrives, in order, multi-byte characters intact, however long.
    func testWriteDeliversTheWholeText() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        let text = (0..<20_000).map { "line \($0): −7°C ❄ Moscow\n" }.joined()
        Console.write(text, to: descriptor)
        Console.write("", to: descriptor)
        close(descriptor)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), text)
    }
}
