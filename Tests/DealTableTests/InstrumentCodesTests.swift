import Foundation
import XCTest

@testable import AlmanacCore
@testable import DealTable

/// Instrument names get one code each, in order of arrival, whatever their length or script.
final class InstrumentCodesTests: XCTestCase {
    func testEveryNameKeepsTheCodeItFirstGot() {
        var codes = InstrumentCodes()
        let names =
            [
                "EUR/USD_TOD", "", "a", "a\u{0}", "exactly15bytes!", "sixteen bytes!!!", "a name far longer than fifteen bytes",
                "Ünïcödé/ÜSD", "USD/JPY_TOM", "日本円/ドル",
            ] + (0..<200).map { "SYM\($0)/USD" }  // enough to grow the table several times
        for (index, name) in names.enumerated() {
            XCTAssertEqual(codes.code(for: name).code, UInt16(index), name)
            XCTAssertTrue(codes.code(for: name) == (UInt16(index), false), "second time: known")
        }
        for (index, name) in names.enumerated().reversed() {
            XCTAssertTrue(codes.code(for: name) == (UInt16(index), false), name)
        }
        XCTAssertEqual(codes.names, names)
    }

    func testAFirstSightIsReportedAsNew() {
        var codes = InstrumentCodes()
        XCTAssertTrue(codes.code(for: "GBP/USD_TOD").added)
        XCTAssertFalse(codes.code(for: "GBP/USD_TOD").added)
        XCTAssertTrue(codes.code(for: "GBP/USD_TOM").added, "one byte differs")
        XCTAssertTrue(codes.code(for: "GBP/USD_TO").added, "a prefix is another name")
    }
}
