import Foundation
import XCTest

@testable import TerminalKit

/// Charts speak the tables' language: a true minus sign on the value axis, and a time axis when
/// the series is in time.
final class LineChartTests: XCTestCase {
    func testTimeAxisUnderTheSeriesAndMinusSigns() {
        let chart = LineChart.render([-5, -1, 3, 2], height: 3, width: 12, unicode: true, span: ("00:00", "03:00")) { value in
            let rounded = Int(value.rounded())
            return (rounded < 0 ? "−\(-rounded)" : "\(rounded)") + "°C"
        }
        let lines = chart.components(separatedBy: "\n")
        XCTAssertEqual(lines.count, 5, chart)
        XCTAssertTrue(lines[0].hasPrefix(" 3°C ┤"), chart)
        XCTAssertTrue(lines[2].hasPrefix("−5°C ┤"), chart)
        XCTAssertTrue(lines[3].hasPrefix("     └─"), chart)
        XCTAssertTrue(lines[4].hasPrefix("      00:00"), chart)
        XCTAssertTrue(lines[4].hasSuffix("03:00"), chart)
        // Every line of the plot is as wide as the axis under it.
        XCTAssertEqual(lines[0].count, lines[3].count, chart)
    }
}
