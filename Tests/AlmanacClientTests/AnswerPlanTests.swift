@testable import TestHarness

/// The answer plan, table by table: what the client does for each stored state, flag and pause.
final class AnswerPlanTests: XCTestCase {
    private typealias Row = (stored: AnswerPlan.Stored?, refresh: Bool, glance: Bool, paused: Bool, plan: AnswerPlan, why: String)

    private let stale = AnswerPlan.Stored.stale(withinWindow: false, glanceMayShow: false)
    private let window = AnswerPlan.Stored.stale(withinWindow: true, glanceMayShow: true)
    private let noWindowSaid = AnswerPlan.Stored.stale(withinWindow: false, glanceMayShow: true)

    func testEveryStateFlagAndPause() {
        let rows: [Row] = [
            (.fresh, false, false, false, .stored, "fresh: no network"),
            (.fresh, false, false, true, .stored, "fresh: a pause does not matter"),
            (.fresh, true, false, false, .ask, "--refresh skips a fresh answer"),
            (stale, false, false, false, .revalidate, "stale: shown first, asked again"),
            (window, false, false, false, .staleRefreshedBehind, "within the server's window: shown, refreshed behind"),
            (noWindowSaid, false, false, false, .revalidate, "no window said: a command revalidates"),
            (noWindowSaid, false, true, false, .staleForGlance, "a glance shows it and its refresher asks"),
            (window, false, true, false, .staleForGlance, "a glance inside the window too"),
            (stale, false, true, false, .revalidate, "a glance past the window waits for the answer"),
            (stale, false, false, true, .paused, "a provider's pause: the stale answer, nothing sent"),
            (nil, false, false, true, .paused, "a pause with nothing stored: the rate limit"),
            (nil, false, false, false, .ask, "nothing stored: ask"),
            (stale, true, false, false, .ask, "--refresh with a stale answer: ask"),
            (window, true, true, false, .ask, "--refresh even for a glance in its window"),
            (stale, true, false, true, .paused, "--refresh during a pause: nothing sent"),
        ]
        for row in rows {
            let plan = AnswerPlan.decide(stored: row.stored, refresh: row.refresh, glance: row.glance, paused: { row.paused })
            XCTAssertEqual(plan, row.plan, row.why)
        }
    }

    func testAFreshAnswerNeverReadsThePause() {
        var asked = false
        _ = AnswerPlan.decide(stored: .fresh, refresh: false, glance: true) {
            asked = true
            return false
        }
        XCTAssertFalse(asked)
    }
}
