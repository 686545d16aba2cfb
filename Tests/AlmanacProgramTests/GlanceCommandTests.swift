import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

@testable import TestHarness

/// A loopback MET Norway whose one-step answer a test sets: values known to the decimal, so a
/// status line can be computed by hand. It counts requests and answers after `delay` seconds,
/// or hangs while `hanging`.
private final class GlanceMET: @unchecked Sendable {
    let lock = NSLock()
    var temperature = -4.4
    var delay: TimeInterval = 0
    var maxAge = 1800
    var hanging = false
    private(set) var requests = 0

    lazy var server: LoopbackServer = try! LoopbackServer { [unowned self] _ in
        self.lock.withLock {
            self.requests += 1
            if self.hanging { return .hang(seconds: 30) }
            let headers = ["Cache-Control": "max-age=\(self.maxAge)", "Date": HTTPDate.format(Date())]
            return .json(self.body(), headers: headers, delay: self.delay)
        }
    }

    /// The variables that send the weather to these servers.
    var environment: [String: String] { ["ALMANAC_METNO_URL": server.baseURL] }

    func set(_ change: (GlanceMET) -> Void) { lock.withLock { change(self) } }
    var count: Int { lock.withLock { requests } }

    private func body() -> String {
        let details =
            #""air_pressure_at_sea_level":1012.4,"air_temperature":\#(temperature),"cloud_area_fraction":100,"#
            + #""relative_humidity":81.6,"wind_from_direction":225.0,"wind_speed":6.0"#
        let step =
            #"{"time":"2026-01-15T12:00:00Z","data":{"instant":{"details":{\#(details)}},"#
            + #""next_1_hours":{"summary":{"symbol_code":"lightsnow"},"details":{"precipitation_amount":0.3,"probability_of_precipitation":40}}}}"#
        return #"{"type":"Feature","properties":{"meta":{"updated_at":"2026-01-15T11:00:00Z"},"timeseries":[\#(step)]}}"#
    }
}

/// Status-bar lines end to end: wttr.in's codes and presets, several places, `--waybar`, and the
/// rules that keep a bar from freezing or flooding (docs/architecture.md §4, "Glances").
final class GlanceCommandTests: XCTestCase {
    private let place = "55.75,37.61"
    private let codes = "%l|%c|%C|%x|%t|%f|%h|%w|%p|%o|%P"

    private func glance(_ met: GlanceMET, _ home: URL, _ extra: [String]) throws -> RunResult {
        try runAlmanac(["weather", place] + extra, home: home, environment: met.environment)
    }

    /// −4.4 °C, 81.6 %, 6 m/s from 225°, 0.3 mm at 40 %, 1012.4 hPa, light snow. Feels like: the
    /// NWS wind chill of 24.08 °F at 13.42 mph is 12.14 °F, −11.0 °C.
    func testCodesAgainstHandComputedLines() throws {
        let met = GlanceMET()
        let home = try makeTemporaryFolder(self)
        let metric = try glance(met, home, ["--format", codes])
        XCTAssertEqual(metric.status, 0, metric.err)
        XCTAssertEqual(metric.out, "55.7500,37.6100|❄|Light snow|*|-4°C|-11°C|82%|↗6m/s|0.3mm|40%|1012hPa\n")
        XCTAssertEqual(metric.err, "")
        XCTAssertEqual(try runAlmanac(["weather", "settings", "--units", "imperial", "--wind", "mph"], home: home).status, 0)
        let imperial = try glance(met, home, ["--format", "%t %f %w %p %%"])
        XCTAssertEqual(imperial.out, "+24°F +12°F ↗13mph 0.01in %\n")
        XCTAssertEqual(try glance(met, home, ["--format", "3"]).out, "55.7500,37.6100: ❄ +24°F\n")
        XCTAssertEqual(try glance(met, home, ["--format", "2"]).out, "❄ 🌡️+24°F 🌬️↗13mph\n")
        XCTAssertEqual(met.count, 1, "one request: the later lines read the cache")
    }

    func testUnknownCodeIsExit64NamingIt() throws {
        let home = try makeTemporaryFolder(self)
        assertOneLineError(try runAlmanac(["weather", "--format", "%l %q"], home: home), status: 64, contains: "unknown format code %q")
        assertOneLineError(try runAlmanac(["weather", "--format", "%l %"], home: home), status: 64, contains: "lone %")
        assertOneLineError(try runAlmanac(["weather", "--waybar"], home: home), status: 64, contains: "--waybar needs a status-line --format")
    }

    /// A sample glance is of its recording's day on any date: its sun and moon agree with its
    /// temperature (they used to be today's), and it says it is the sample.
    func testASampleGlanceIsOfItsRecordingDay() throws {
        let home = try makeTemporaryFolder(self)
        let lines = try ["2026-11-20", "2026-12-30"].map { day in
            try runAlmanac(["weather", "Oslo", "--format", "%t %S %s %m", "--offline"], home: home, environment: ["ALMANAC_TODAY": day]).out
        }
        XCTAssertEqual(lines[0], lines[1])
        XCTAssertTrue(lines[0].hasSuffix(" (sample)\n"), lines[0])
    }

    /// The codes that are not wttr.in's, on the sample's Moscow (its recording day, 20 November):
    /// today's high and low, tomorrow in brief (light rain, +1/-6), today's model odds of rain
    /// (8 of 31 runs with 1 mm or more, as the 7-day view says), and today's high against its normal.
    func testTodaysHighAndLowTomorrowAndTheOddsOfRain() throws {
        let line = try runAlmanac(["weather", "Moscow", "--format", "%H %L|%N|%R|%+", "--offline"], home: try makeTemporaryFolder(self))
        XCTAssertEqual(line.status, 0, line.err)
        XCTAssertEqual(line.out, "+1°C -5°C|🌧 +1°C/-6°C|8/31|+3° (sample)\n", "3° warmer than usual, as the now view says")
    }

    func testSeveralPlacesInOrderAndWaybarJSON() throws {
        let home = try makeTemporaryFolder(self)
        let lines = try runAlmanac(["weather", "Tehran", "Oslo", "Moscow", "--format", "%l", "--offline"], home: home)
        // Offline the places come from the recorded place search: each line carries the mark.
        XCTAssertEqual(lines.out, "Tehran (sample)\nOslo (sample)\nMoscow (sample)\n", lines.err)
        let waybar = try runAlmanac(["weather", "Oslo", "--format", "1", "--waybar", "--offline"], home: home)
        XCTAssertEqual(waybar.status, 0, waybar.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(waybar.out.utf8)) as? [String: String])
        XCTAssertEqual(Set(object.keys), ["text", "tooltip", "class", "alt"])
        XCTAssertTrue(object["text"]!.hasSuffix("°C (sample)"), "sample data is marked: \(waybar.out)")
        XCTAssertEqual(object["class"], "sample")
        XCTAssertTrue(object["tooltip"]!.hasPrefix("sample data recorded on 2026-11-20\nOslo, Norway"), waybar.out)
        XCTAssertEqual(waybar.out.filter { $0 == "\n" }.count, 1, "one object on one line")
    }

    /// Twenty panes refreshing at the same moment on a cold cache: one request, twenty lines.
    func testTwentyConcurrentGlancesMakeOneRequest() throws {
        let met = GlanceMET()
        met.set { $0.delay = 1 }
        let home = try makeTemporaryFolder(self)
        let results = Mutex<[RunResult]>([])
        let group = DispatchGroup()
        let place = self.place
        for _ in 0..<20 {
            group.enter()
            Thread.detachNewThread {
                let result = try? runAlmanac(
                    ["weather", place, "--format", "%t"], home: home, environment: met.environment)
                if let result { results.withLock { $0.append(result) } }
                group.leave()
            }
        }
        group.wait()
        XCTAssertEqual(results.withLock { $0.map(\.out) }, Array(repeating: "-4°C\n", count: 20))
        XCTAssertEqual(met.count, 1, "the others waited for the first one's answer through the cache")
    }

    /// A stale answer prints at once; the detached refresher fetches the new one behind it.
    func testStaleAnswerPrintsAtOnceAndTheRefresherStoresTheNewOne() throws {
        let met = GlanceMET()
        met.set { $0.maxAge = 1 }
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try glance(met, home, ["--format", "%t"]).out, "-4°C\n")
        Thread.sleep(forTimeInterval: 1.2)  // real time: the answer goes stale for the refresher, a process on the real clock
        met.set {
            $0.temperature = 7.2
            $0.delay = 1.5
        }
        let started = Date()
        XCTAssertEqual(try glance(met, home, ["--format", "%t"]).out, "-4°C\n", "the stale value, without waiting for the server")
        XCTAssertLessThan(Date().timeIntervalSince(started), 1.2)
        XCTAssertTrue(waitUntil(seconds: 10) { met.count == 2 }, "the refresher asked once")
        XCTAssertTrue(waitUntil(seconds: 10) { (try? self.glance(met, home, ["--format", "%t"]).out) == "+7°C\n" })
    }

    /// A server that accepts and never answers: a stale glance still prints at once, and the
    /// refresher gives up at `--timeout`; with nothing cached, the placeholder after `--timeout`.
    func testAHangingServerNeverFreezesTheBar() throws {
        let met = GlanceMET()
        met.set { $0.maxAge = 1 }
        let home = try makeTemporaryFolder(self)
        XCTAssertEqual(try glance(met, home, ["--format", "%t"]).out, "-4°C\n")
        Thread.sleep(forTimeInterval: 1.2)  // real time: the answer goes stale for the refresher, a process on the real clock
        met.set { $0.hanging = true }
        let started = Date()
        XCTAssertEqual(try glance(met, home, ["--format", "%l %t", "--timeout", "1"]).out, "55.7500,37.6100 -4°C\n")
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.9)
        XCTAssertTrue(waitUntil(seconds: 6) { met.server.closedByClient == 1 }, "the refresher's request ended at its timeout")

        let cold = try makeTemporaryFolder(self)
        let coldStart = Date()
        // A place far from every recording (one within 10 km answers from the nearest recording).
        let empty = try runAlmanac(
            ["weather", "10,10", "--format", "%l %t", "--timeout", "1"], home: cold, environment: met.environment)
        XCTAssertLessThan(Date().timeIntervalSince(coldStart), 3)
        XCTAssertEqual(empty.out, "10.0000,10.0000 ?\n", "the placeholder on stdout")
        assertOneLineError(empty, status: 69, contains: "within 1")
    }

    /// `almanac line`: the recorded BTC/USD quote (91,234.50, +4.2 % on the day) and the next
    /// exam three days ahead; a pair that is not watched is exit 64.
    func testLineMixesCryptoAndTheNextExam() throws {
        let home = try makeTemporaryFolder(self)
        let today = ["ALMANAC_TODAY": "2026-11-26"]
        XCTAssertEqual(try runAlmanac(["exams", "add", "Maths", "--date", "2026-11-29 09:00"], home: home, environment: today).status, 0)
        XCTAssertEqual(try runAlmanac(["exams", "add", "Old", "--date", "2026-11-20 09:00", "--passed"], home: home, environment: today).status, 0)
        let line = try runAlmanac(["line", "%y %k %K · %e (%E)", "--offline"], home: home, environment: today)
        XCTAssertEqual(line.status, 0, line.err)
        XCTAssertEqual(line.out, "BTC 91,235 ▲4.2% · Maths in 3d (3d) (sample)\n", "the recorded price is marked")
        let waybar = try runAlmanac(["line", "%e", "--waybar", "--offline"], home: home, environment: today)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(waybar.out.utf8)) as? [String: String])
        XCTAssertEqual(object["text"], "Maths in 3d")
        XCTAssertEqual(object["tooltip"], "Maths — Sun 29 Nov (in 3d)")
        let missing = try runAlmanac(["line", "%k", "--pair", "DOGE/EUR", "--offline"], home: home, environment: today)
        XCTAssertEqual(missing.out, "?\n", "the placeholder still prints")
        // No such pair in the catalogue: no suggestion of a `crypto add` that would fail too.
        assertOneLineError(missing, status: 64, contains: "No crypto pair matches \"DOGE/EUR\". Did you mean: DOGE/USD")
    }

    /// `%r` (rain in the next two hours, short) and `%a` (the AQI) in `--format`, `line` and
    /// `--waybar`, from the sample data: Oslo's radar shower at 12:30 UTC (13:30 in Oslo), rain
    /// from 16:15 in Moscow, London dry.
    func testRainAndAirCodes() throws {
        let home = try makeTemporaryFolder(self)
        let lines = try runAlmanac(["weather", "Oslo", "Moscow", "London", "--format", "%l %r|%a", "--offline"], home: home)
        XCTAssertEqual(lines.status, 0, lines.err)
        XCTAssertEqual(
            lines.out, "Oslo ☔ 13:30|AQI 15 (sample)\nMoscow ☔ 16:15|AQI 45 (sample)\nLondon |AQI 28 (sample)\n",
            "drawn from recordings, so marked, whichever codes show them")
        let line = try runAlmanac(["line", "%r %a", "--place", "Oslo", "--offline"], home: home)
        XCTAssertEqual(line.out, "☔ 13:30 AQI 15 (sample)\n", line.err)
        let waybar = try runAlmanac(["weather", "Moscow", "--format", "%a", "--waybar", "--offline"], home: home)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(waybar.out.utf8)) as? [String: String])
        XCTAssertEqual(object["text"], "AQI 45 (sample)")
        XCTAssertEqual(object["class"], "sample")
    }
}
