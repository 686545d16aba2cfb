import XCTest

@testable import TestHarness

/// The sample data keeps its word: every place it offers answers every view, and a place it
/// cannot answer is not offered (docs/architecture.md §3, "Sample data").
final class SamplePlacesTests: XCTestCase {
    /// Every recorded place name, every place it offers, every view (its official warnings too).
    func testEveryOfferedSamplePlaceAnswersEveryView() throws {
        let names = ["Berlin", "Bratislava", "London", "Moscow", "New York", "Oslo", "Saint Petersburg", "Springfield", "Tehran"]
        let today = ["ALMANAC_TODAY": "2026-11-20"]
        var offered = 0
        for name in names {
            for pick in 1...5 {
                let home = try makeTemporaryFolder(self)
                let added = try runAlmanac(["weather", "add", name, "--pick", String(pick)], home: home, environment: today)
                if added.status == 64 { break }  // no such choice: every offered place was walked
                if name == "Springfield" {
                    assertOneLineError(
                        added, status: 69, contains: "The sample data covers Berlin, Bratislava, London, Moscow, New York, Oslo, Saint")
                    break
                }
                XCTAssertEqual(added.status, 0, "\(name) #\(pick): \(added.err)")
                offered += 1
                let views = [
                    ["weather", "now", "1"], ["weather", "hourly", "1"], ["weather", "day", "1", "--date", "2026-11-21"],
                    ["weather", "forecast", "1"], ["weather", "forecast", "1", "--days", "25"], ["weather", "warnings"],
                ]
                for view in views {
                    let result = try runAlmanac(view, home: home, environment: today)
                    XCTAssertEqual(result.status, 0, "\(name) #\(pick) \(view): \(result.err)")
                    let unwired = view == ["weather", "warnings"] && result.out.contains("No official warning service is wired")
                    XCTAssertTrue(result.out.contains("Source: sample data") || unwired, "\(name) #\(pick) \(view): \(result.out)")
                }
            }
        }
        XCTAssertEqual(offered, 9, "eight names, and Saint Petersburg twice (Russia, Florida)")
    }

    /// Coordinates within 10 km of a recorded place answer from it, and say so.
    func testNearbyCoordinatesAnswerFromTheRecordingAndSaySo() throws {
        let home = try makeTemporaryFolder(self)
        let near = try runAlmanac(["weather", "now", "55.80,37.60"], home: home)
        XCTAssertEqual(near.status, 0, near.err)
        XCTAssertTrue(
            near.err.contains("note: the sample data has no forecast for 55.8000,37.6000 itself; showing the one recorded 5 km away."), near.err)
        let far = try runAlmanac(["weather", "now", "56.00,37.60"], home: home)
        assertOneLineError(far, status: 69, contains: "The sample data covers")
    }
}
