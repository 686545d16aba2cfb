import XCTest

@testable import AlmanacProgram

/// When a `--follow` glance looks again, on an injected clock and network (docs/status-bars.md,
/// "Continuous mode: `--follow`"): its interval; at once after a resume or a network change, then
/// every 2 s for 10 s.
final class FollowScheduleTests: XCTestCase {
    /// The seconds (on the suspending clock) at which the schedule looks, stepping a second at a
    /// time from `steps`' readings.
    private func looks(_ schedule: inout FollowSchedule, _ readings: [FollowSchedule.Reading]) -> [Double] {
        readings.filter { schedule.tick($0) }.map(\.steady)
    }

    private func steps(_ range: ClosedRange<Int>, wallAhead: Double = 0, routes: String = "eth0 0102A8C0") -> [FollowSchedule.Reading] {
        range.map { .init(wall: 1_800_000_000 + Double($0) + wallAhead, steady: Double($0), routes: routes) }
    }

    func testItLooksAtOnceThenEveryInterval() {
        var schedule = FollowSchedule(every: 30)
        XCTAssertEqual(looks(&schedule, steps(0...95)), [0, 30, 60, 90])
        XCTAssertEqual(schedule.wait(at: 95), 1, "a step is at most a second: a resume is seen within one")
        XCTAssertEqual(schedule.wait(at: 119.995), 0.01)
    }

    func testAResumeIsALookAtOnceThenEveryTwoSecondsForTen() {
        var schedule = FollowSchedule(every: 30)
        XCTAssertEqual(looks(&schedule, steps(0...40)), [0, 30])
        // Suspended for an hour between steady 40 and 41: the wall clock ran 3600 s more.
        XCTAssertEqual(looks(&schedule, steps(41...85, wallAhead: 3600)), [41, 43, 45, 47, 49, 51, 81])
    }

    func testAWallClockSetByHandOrNTPWithinFiveSecondsIsNoResume() {
        var schedule = FollowSchedule(every: 30)
        XCTAssertEqual(looks(&schedule, steps(0...10) + steps(11...40, wallAhead: 4)), [0, 30])
    }

    func testANetworkThatComesBackIsABurstToo() {
        var schedule = FollowSchedule(every: 30)
        let down = steps(0...20, routes: "")
        let back = steps(21...60, routes: "wlan0 0101A8C0")
        XCTAssertEqual(looks(&schedule, down + back), [0, 21, 23, 25, 27, 29, 31])
    }

    func testTheDefaultRoutesAreReadFromTheKernelsTable() {
        let table = """
            Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
            wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
            wlan0\t0001A8C0\t00000000\t0001\t0\t0\t600\t00FFFFFF\t0\t0\t0
            eth0\t00000000\t0102A8C0\t0003\t0\t0\t100\t00000000\t0\t0\t0

            """
        XCTAssertEqual(NetworkRoutes.defaults(table: table), "eth0 0102A8C0\nwlan0 0101A8C0")
        XCTAssertEqual(NetworkRoutes.defaults(table: "Iface\tDestination\tGateway\n"), "", "no default route: offline")
        XCTAssertEqual(NetworkRoutes.defaults(table: nil), "")
    }
}
