import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacProviders

final class TwelveDataTests: XCTestCase {
    func testSingleQuoteDecodesStringsToNumbers() throws {
        let body = Data("{\"symbol\":\"BTC/USD\",\"close\":\"91234.50000\",\"percent_change\":\"-1.25\",\"is_market_open\":true}".utf8)
        let result = try TwelveData.quotes(["BTC/USD"]).decode(body)
        guard case .quote(let quote)? = result["BTC/USD"] else { return XCTFail("\(result)") }
        XCTAssertEqual(quote.close?.value, 91234.5)
        XCTAssertEqual(quote.percent_change?.value, -1.25)
    }

    func testBatchWithPerSymbolErrorMarksOnlyThatRow() throws {
        let body = Data(
            """
            {"BTC/USD":{"symbol":"BTC/USD","close":"1.5"},
             "FOO/USD":{"code":404,"message":"**symbol** not found: FOO/USD","status":"error"}}
            """.utf8)
        let result = try TwelveData.quotes(["BTC/USD", "FOO/USD"]).decode(body)
        XCTAssertEqual(result["FOO/USD"], .failure("symbol not found: FOO/USD"))
        guard case .quote(let quote)? = result["BTC/USD"] else { return XCTFail() }
        XCTAssertEqual(quote.close?.value, 1.5)
    }

    func testErrorBodyWithHTTP200Throws() {
        let body = Data(
            "{\"code\":400,\"message\":\"No data is available on the specified dates. Try setting different **start/end** dates.\",\"status\":\"error\"}"
                .utf8)
        XCTAssertThrowsError(
            try TwelveData.timeSeries("BTC/USD", start: LocalDate("2020-01-01")!, endExclusive: LocalDate("2020-01-02")!, closed: true).decode(body)
        ) { error in
            XCTAssertEqual(
                error as? APIError,
                .provider(
                    provider: .twelveData, code: 400,
                    message: "No data is available on the specified dates. Try setting different start/end dates."))
        }
    }

    func testTimeSeriesAsksForTheDayAfterTheEnd() {
        let endpoint = TwelveData.timeSeries("ETH/USD", start: LocalDate("2026-11-01")!, endExclusive: LocalDate("2026-11-08")!, closed: true)
        XCTAssertTrue(endpoint.descriptor.query.contains(QueryItem("end_date", "2026-11-08")))
        XCTAssertEqual(endpoint.descriptor.ttl, 86400)
    }

    /// A series' bars read straight from the JSON equal what Foundation's decoder makes of them,
    /// and a bar that is not one fails the same way, naming the member.
    func testBarsReadDirectlyEqualFoundations() throws {
        let good = [
            #"{"datetime": "2026-11-20", "open": "1.5", "high": "2", "low": " 1.25 ", "close": "1.75"}"#,
            #"{"datetime": "2026-11-19", "open": null, "close": 3456.78, "volume": "12"}"#,
            #"{"datetime": "2026-11-18", "close": 20}"#,
        ]
        for json in good {
            let data = Data(json.utf8)
            XCTAssertEqual(
                try JSONTreeDecoder().decode(TwelveDataDTO.Bar.self, from: data), try JSONDecoder().decode(TwelveDataDTO.Bar.self, from: data))
        }
        let bad = [
            (#"{"datetime": "2026-11-20", "open": "n/a", "close": "1"}"#, "open"),
            (#"{"datetime": "2026-11-20", "open": "1"}"#, "close"),
            (#"{"datetime": 20261120, "close": "1"}"#, "datetime"),
        ]
        for (json, member) in bad {
            XCTAssertThrowsError(try JSONDecoding.decode(TwelveDataDTO.Bar.self, from: Data(json.utf8), endpoint: "series")) { error in
                XCTAssertTrue("\(error)".contains(member), "\(error)")
            }
        }
    }
}
