import AlmanacCore
import Foundation
import XCTest

@testable import DealTable

/// Giving a discarded array's pages back before it is freed (`DealStore.giveBack`): its memory
/// goes back, and an array that still shares the buffer keeps its elements.
final class DealStoreDiscardingTests: XCTestCase {
    func testAnArrayHeldOnceGivesItsPagesBack() throws {
        #if !os(Linux)
            throw XCTSkip("pages are given back on Linux only")
        #endif
        var array = [UInt32](repeating: 7, count: 3 << 20)  // 12 MB
        DealStore.giveBack(&array)
        XCTAssertEqual(array.count, 3 << 20)
        XCTAssertEqual(array[array.count / 2], 0, "the middle pages went back and read as zeros")
    }

    func testAnArrayThatSharesItsBufferIsNeverZeroedUnderTheOtherOwner() {
        let shown = (0..<(3 << 20)).map { UInt32($0) }
        var discarded = shown
        DealStore.giveBack(&discarded)
        XCTAssertEqual(shown[shown.count / 2], UInt32(shown.count / 2))
        XCTAssertEqual(shown.last, UInt32(shown.count - 1))
    }

    func testASmallArrayIsLeftAsItIs() {
        var array = [UInt64](repeating: 9, count: 1_000)
        DealStore.giveBack(&array)
        XCTAssertEqual(array, [UInt64](repeating: 9, count: 1_000))
    }
}
