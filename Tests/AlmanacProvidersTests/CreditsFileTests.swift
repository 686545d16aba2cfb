import Foundation
import XCTest

@testable import AlmanacProviders

/// The credits the packages ship (`packaging/CREDITS`, installed as the Debian package's
/// `/usr/share/doc/almanac/CREDITS`) are the lines the program itself shows: a provider's credit
/// changed in the code and not in the file fails here.
final class CreditsFileTests: XCTestCase {
    func testEveryCreditTheProgramShowsIsInTheShippedCredits() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let credits = try String(contentsOf: root.appendingPathComponent("packaging/CREDITS"), encoding: .utf8)
        let lines =
            [
                METNorway.attribution, OpenMeteo.attribution, NationalWeatherService.attribution, BrightSky.attribution,
                ECCC.attribution, MeteoAlarm.attribution, Kraken.attribution,
            ] + CAPFeed.all.map(\.attribution)
        for line in lines { XCTAssertTrue(credits.contains(": \(line)\n"), "packaging/CREDITS lacks \"\(line)\"") }
        let copyright = try String(contentsOf: root.appendingPathComponent("packaging/copyright"), encoding: .utf8)
        XCTAssertTrue(copyright.contains("/usr/share/doc/almanac/CREDITS"), "the copyright file points at the credits")
    }
}
