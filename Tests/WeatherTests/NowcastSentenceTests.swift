import AlmanacCore
import AlmanacProviders
import Foundation
import XCTest

@testable import TestHarness
@testable import Weather

/// The next two hours in words (docs/weather.md, "Rain in the next two hours").
final class NowcastSentenceTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_795_701_600)  // 2026-11-20 14:00 UTC

    private func steps(_ rates: [Double?], minutes: Int = 5) -> [Nowcast.Step] {
        rates.enumerated().map {
            Nowcast.Step(time: start.addingTimeInterval(TimeInterval($0.offset * minutes * 60)), millimetresPerHour: $0.element)
        }
    }

    private func clock(_ date: Date) -> String {
        let minutes = Int(date.timeIntervalSince(start) / 60) + 14 * 60
        return String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    private func sentence(_ rates: [Double?], minutes: Int = 5) -> String {
        NowcastSentence(steps: steps(rates, minutes: minutes), minutes: minutes).sentence(clock: clock)
    }

    func testEachOutlookInOneSentence() {
        XCTAssertEqual(sentence([0, 0, 0.05, 0, nil, 0]), "No rain expected in the next 2 hours.")
        XCTAssertEqual(sentence([nil, nil]), "The nowcast has no precipitation values.")
        XCTAssertEqual(sentence([0, 0, 0.4, 0.8, 0.6, 0]), "Rain from 14:10 for about 15 minutes, light (0.8 mm/h).")
        XCTAssertEqual(sentence([0, 3.2, 2.6], minutes: 15), "Rain from 14:15 for 30 minutes at least, moderate (3.2 mm/h).")
        XCTAssertEqual(sentence([1.2, 8.0, 0.3, 0, 0]), "Raining now, easing by 14:15, heavy (8.0 mm/h).")
        XCTAssertEqual(sentence([0.5, 0.5]), "Raining now, for the next 2 hours at least, light (0.5 mm/h).")
        XCTAssertEqual(sentence([0, nil, 0.6, nil, 0]), "Rain from 14:10 for about 5 minutes, light (0.6 mm/h).", "a missing value is no rain")
    }

    func testIntensityClassesAtTheirBounds() {
        XCTAssertEqual(NowcastSentence.intensity(2.49), "light")
        XCTAssertEqual(NowcastSentence.intensity(2.5), "moderate")
        XCTAssertEqual(NowcastSentence.intensity(7.59), "moderate")
        XCTAssertEqual(NowcastSentence.intensity(7.6), "heavy")
    }

    func testTheShortFormForAStatusBar() {
        XCTAssertEqual(NowcastSentence(steps: steps([0, 0, 1]), minutes: 5).short(clock: clock), "☔ 14:10")
        XCTAssertEqual(NowcastSentence(steps: steps([1, 0]), minutes: 5).short(clock: clock), "☔ now")
        XCTAssertEqual(NowcastSentence(steps: steps([0, 0]), minutes: 5).short(clock: clock), "")
    }

    /// A nowcast past its validity is never shown as current: only the step under way and later
    /// ones, two hours at most.
    func testOnlyTheStepsStillToComeAreRead() {
        let nowcast = Nowcast(source: .radar, steps: steps(Array(repeating: 0, count: 36)))
        let upcoming = nowcast.upcoming(from: start.addingTimeInterval(12 * 60))
        XCTAssertEqual(upcoming.first?.time, start.addingTimeInterval(10 * 60), "the step under way")
        XCTAssertEqual(upcoming.count, 24)
        XCTAssertTrue(nowcast.upcoming(from: start.addingTimeInterval(4 * 3600)).isEmpty)
    }
}
