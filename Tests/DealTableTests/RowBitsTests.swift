import Foundation
import XCTest

@testable import AlmanacCore
@testable import DealTable

final class RowBitsTests: XCTestCase {
    /// The rows come back once each, ascending, whatever order and repeats they went in with;
    /// across word edges and at both ends of the range.
    func testRowsComeBackAscendingOnceEach() {
        var generator = SplitMix64(seed: 3)
        for rows in [0, 1, 63, 64, 65, 1_000] {
            var bits = RowBits(rows: rows)
            var expected = Set<Int>()
            for _ in 0..<(rows * 2) {
                let row = Int(generator.next() % UInt64(rows))
                bits.insert(row)
                expected.insert(row)
            }
            if rows > 0 {
                bits.insert(rows - 1)
                expected.insert(rows - 1)
            }
            XCTAssertEqual(Array(bits), expected.sorted(), "\(rows)")
            XCTAssertEqual(bits.count, expected.count, "\(rows)")
        }
    }
}
