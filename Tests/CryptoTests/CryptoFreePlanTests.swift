import AlmanacClient
import AlmanacCore
import AlmanacTestSupport
import Foundation
import XCTest

@testable import Crypto
@testable import TestHarness

/// The Twelve Data free plan end to end: a loopback Twelve Data that keeps a real 8-credit
/// window and sends its credit headers, and its commands run in process.
final class CryptoFreePlanTests: XCTestCase {
    func testTheFourFirstMinuteCommandsFitEightCredits() throws {
        let credits = CreditWindow(perMinute: 8)
        let server = try FixtureServer(fixtures: repositoryFixtures, credits: credits)
        let home = try makeTemporaryFolder(self)
        let environment = server.freePlanEnvironment()
        let commands = [
            ["crypto"],
            ["crypto", "history", "BTC/USD", "--from", "2026-11-01", "--to", "2026-11-07"],
            ["crypto", "history", "Bitcoin", "--from", "2026-11-05", "--to", "2026-11-05"],
            ["crypto", "add", "Litecoin"],
        ]
        for arguments in commands {
            let result = try runAlmanac(arguments + ["--no-wait"], home: home, environment: environment)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
            XCTAssertFalse(result.err.contains("next request in"), result.err)
        }
        XCTAssertEqual(credits.totalAccepted, 8, "6 quotes + 1 history + 0 (cached close) + 1 catalogue")
        XCTAssertEqual(credits.refused, 0, "the 9th credit is never requested")
        XCTAssertEqual(server.requests.filter { $0.path.hasSuffix("/time_series") }.count, 1)
        let usage = try runAlmanac(["crypto", "usage", "--json"], home: home, environment: environment)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(usage.out.utf8)) as? [String: Any])
        XCTAssertEqual((object["minute"] as? [String: Any])?["left"] as? Int, 0, usage.out)
        XCTAssertEqual((object["day"] as? [String: Any])?["used"] as? Int, 8, usage.out)
        XCTAssertFalse(allText(under: home).contains("TD-FREE-PLAN-KEY-42"))
    }

    func testEurosCostTheCatalogueAndOneRateOnceThenNothingWithinTheMinute() throws {
        let credits = CreditWindow(perMinute: 8)
        let server = try FixtureServer(fixtures: repositoryFixtures, credits: credits)
        let home = try makeTemporaryFolder(self)
        let environment = server.freePlanEnvironment()
        XCTAssertEqual(try runAlmanac(["crypto", "settings", "--currency", "EUR"], home: home).status, 0)
        let first = try runAlmanac(["crypto", "--no-wait"], home: home, environment: environment)
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertTrue(first.out.contains("BTC/EUR") && first.out.contains("converted to EUR at 0.8621 (USD/EUR)"), first.out)
        XCTAssertEqual(credits.totalAccepted, 8, "the catalogue, six quotes (three of them EUR pairs) and the USD/EUR rate")
        let again = try runAlmanac(["crypto", "--no-wait"], home: home, environment: environment)
        XCTAssertEqual(again.status, 0, again.err)
        XCTAssertEqual(credits.totalAccepted, 8, "all of it cached: no credit")
        XCTAssertEqual(server.requests.filter { $0.path.hasSuffix("/exchange_rate") }.count, 1)
        XCTAssertEqual(credits.refused, 0)
    }

    func testFailedRequestsCostNothing() throws {
        let failures = Counter()
        let server = try FixtureServer(fixtures: repositoryFixtures, credits: CreditWindow(perMinute: 8)) { provider, _ in
            guard provider == .twelveData else { return nil }
            let number = failures.next()
            guard number < 11 else { return nil }
            switch number % 3 {
            case 0: return .reset
            case 1: return .json("{\"message\":\"busy\"}", status: 500)
            default: return .data(Data("<html>Bad gateway</html>".utf8), status: 502)
            }
        }
        let home = try makeTemporaryFolder(self)
        let environment = server.freePlanEnvironment()
        let history = ["crypto", "history", "ETH", "--from", "2026-11-01", "--to", "2026-11-03", "--no-wait"]
        for _ in 0..<3 { XCTAssertEqual(try runAlmanac(history, home: home, environment: environment).status, 69) }
        let recovered = try runAlmanac(history, home: home, environment: environment)
        XCTAssertEqual(recovered.status, 0, recovered.err)
        XCTAssertEqual(failures.value, 12, "11 failures, then an answer")
        let watchlist = try runAlmanac(["crypto", "--no-wait"], home: home, environment: environment)
        XCTAssertEqual(watchlist.status, 0, "the failed requests left the budget untouched: \(watchlist.err)")
        XCTAssertTrue(watchlist.out.contains("Source: Twelve Data, live"), watchlist.out)
    }

    func testTheServersCountWinsOverTheLocalOne() throws {
        let credits = CreditWindow(perMinute: 8)
        credits.spendElsewhere(5)
        let server = try FixtureServer(fixtures: repositoryFixtures, credits: credits)
        let home = try makeTemporaryFolder(self)
        let environment = server.freePlanEnvironment()
        let history = try runAlmanac(
            ["crypto", "history", "SOL", "--from", "2026-11-01", "--to", "2026-11-02"], home: home, environment: environment)
        XCTAssertEqual(history.status, 0, history.err)
        let usage = try runAlmanac(["crypto", "usage"], home: home, environment: environment)
        XCTAssertTrue(usage.out.contains("Last count from Twelve Data: 6 used, 2 left"), usage.out)
        let watchlist = try runAlmanac(["crypto", "--no-wait"], home: home, environment: environment)
        assertOneLineError(watchlist, status: 75, contains: "The local Twelve Data budget (8 credits a minute) is spent")
        XCTAssertFalse(watchlist.err.contains("rate limiting"), "only a real 429 is the provider rate limiting")
        XCTAssertEqual(credits.refused, 0, "two symbols were asked for, never a ninth credit")
        XCTAssertEqual(server.requests.last { $0.path.hasSuffix("/quote") }?.queryValue("symbol")?.split(separator: ",").count, 2)
    }

    func testTheDailyLimitFailsAtOnceWithTheResetTime() throws {
        let server = try FixtureServer(fixtures: repositoryFixtures, credits: CreditWindow(perMinute: 100))
        let home = try makeTemporaryFolder(self)
        let environment = server.freePlanEnvironment(["TWELVEDATA_CREDITS_PER_DAY": "6", "TWELVEDATA_CREDITS_PER_MINUTE": "100"])
        XCTAssertEqual(try runAlmanac(["crypto"], home: home, environment: environment).status, 0)
        let started = Date()
        let add = try runAlmanac(["crypto", "add", "Litecoin"], home: home, environment: environment)
        assertOneLineError(add, status: 75, contains: "(6 credits a day) is spent and nothing is cached for this; it resets at 00:00:00 UTC on")
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "no wait for a spent day")
        let cached = try runAlmanac(["crypto", "--refresh"], home: home, environment: environment)
        XCTAssertEqual(cached.status, 0, cached.err)
        XCTAssertTrue(cached.err.contains("showing 6 prices cached"), cached.err)
    }

    func testStaleIfErrorForTheWatchlist() throws {
        let mode = Counter()
        let server = try FixtureServer(fixtures: repositoryFixtures) { provider, _ in
            guard provider == .twelveData else { return nil }
            switch mode.value {
            case 1: return .json("{\"message\":\"oops\"}", status: 500)
            case 2: return .reset
            case 3: return .json("{\"BTC/USD\": [not json")
            case 4:
                return .json(
                    "{\"code\":429,\"message\":\"You have run out of API credits for the current minute.\",\"status\":\"error\"}", status: 429)
            default: return nil
            }
        }
        let home = try makeTemporaryFolder(self)
        let environment = server.freePlanEnvironment(["TWELVEDATA_CREDITS_PER_MINUTE": "100"])
        XCTAssertEqual(try runAlmanac(["crypto"], home: home, environment: environment).status, 0)
        for failure in 1...4 {
            mode.set(failure)
            let result = try runAlmanac(["crypto", "--max-age", "0"], home: home, environment: environment)
            XCTAssertEqual(result.status, 0, "failure \(failure): \(result.err)")
            XCTAssertTrue(result.out.contains("BTC/USD   Bitcoin   91,234.50"), result.out)
            XCTAssertTrue(result.err.contains("warning: showing") && result.err.contains("ago"), "failure \(failure): \(result.err)")
        }
    }

    func testAPairRefusedOnItsOwnMarksOnlyItsRow() throws {
        let server = try FixtureServer(fixtures: repositoryFixtures, credits: CreditWindow(perMinute: 100))
        let home = try makeTemporaryFolder(self)
        let environment = server.freePlanEnvironment(["TWELVEDATA_CREDITS_PER_MINUTE": "100"])
        XCTAssertEqual(try runAlmanac(["crypto"], home: home, environment: environment).status, 0)
        XCTAssertEqual(try runAlmanac(["crypto", "add", "terra", "--pick", "2"], home: home, environment: environment).status, 0)
        let list = try runAlmanac(["crypto"], home: home, environment: environment)
        XCTAssertEqual(list.status, 0, list.err)
        XCTAssertNotNil(list.out.range(of: #"LUNA/USDT  Terra +— +—\n"#, options: .regularExpression), list.out)
        XCTAssertNotNil(list.out.range(of: #"BTC/USD    Bitcoin +91,234.50"#, options: .regularExpression), list.out)
        XCTAssertEqual(server.requests.last { $0.path.hasSuffix("/quote") }?.queryValue("symbol"), "LUNA/USDT", "only the new pair was asked for")
    }

    func testARefusedPairIsRememberedForADayNotAskedOnEveryRun() throws {
        let server = try FixtureServer(fixtures: repositoryFixtures, credits: CreditWindow(perMinute: 100))
        let home = try makeTemporaryFolder(self)
        let environment = server.freePlanEnvironment(["TWELVEDATA_CREDITS_PER_MINUTE": "100"])
        XCTAssertEqual(try runAlmanac(["crypto", "add", "terra", "--pick", "2"], home: home, environment: environment).status, 0)
        func askedForLuna() -> Int {
            server.requests.filter { $0.path.hasSuffix("/quote") && $0.queryValue("symbol")?.contains("LUNA") == true }.count
        }
        XCTAssertEqual(try runAlmanac(["crypto"], home: home, environment: environment).status, 0)
        let asked = askedForLuna()
        XCTAssertEqual(asked, 1)
        let again = try runAlmanac(["crypto", "--max-age", "0"], home: home, environment: environment)
        XCTAssertEqual(again.status, 0, again.err)
        XCTAssertEqual(askedForLuna(), asked, "the refusal is remembered: no credit spent on it again")
        XCTAssertTrue(again.out.contains("LUNA/USDT: Twelve Data has no price for this pair. Not asked again until "), again.out)
        XCTAssertTrue(again.out.contains("(--refresh asks now)"), again.out)
        XCTAssertEqual(try runAlmanac(["crypto", "--refresh"], home: home, environment: environment).status, 0)
        XCTAssertEqual(askedForLuna(), asked + 1, "--refresh asks again")
        XCTAssertEqual(try runAlmanac(["crypto", "remove", "LUNA/USDT"], home: home).status, 0)
        XCTAssertEqual(try runAlmanac(["crypto", "add", "terra", "--pick", "2"], home: home, environment: environment).status, 0)
        XCTAssertEqual(try runAlmanac(["crypto"], home: home, environment: environment).status, 0)
        XCTAssertEqual(askedForLuna(), asked + 2, "removed and added again, it is asked again")
    }

    func testTwentyConcurrentRunsShareOneBudget() throws {
        let credits = CreditWindow(perMinute: 8)
        let server = try FixtureServer(fixtures: repositoryFixtures, credits: credits)
        let home = try makeTemporaryFolder(self)
        let environment = server.freePlanEnvironment()
        let statuses = Statuses()
        DispatchQueue.concurrentPerform(iterations: 20) { _ in
            let result = try? runAlmanac(["crypto", "--no-wait"], home: home, environment: environment)
            statuses.append(result?.status ?? -1)
        }
        XCTAssertLessThanOrEqual(credits.mostInAnyWindow, 8)
        XCTAssertEqual(credits.refused, 0)
        XCTAssertTrue(statuses.all.allSatisfy { $0 == 0 || $0 == 75 }, "\(statuses.all)")
        XCTAssertTrue(statuses.all.contains(0))
    }

    func testWaitingForCreditsCountsDownOnTheInjectedClock() async throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let clock = ManualClock(Date(timeIntervalSince1970: 1_795_000_000))
        let slept = Counter()
        let (context, captured) = try makeLiveContext(self, server, clock: clock) { seconds in
            slept.add(Int(seconds))
            clock.advance(by: seconds)
        }
        let service = CryptoService(context: context)
        guard case .granted = try service.budget.reserve(8, now: clock.now()) else { return XCTFail("a fresh budget") }
        let history = try await service.history("ETH/USD", from: "2026-11-01", to: "2026-11-03")
        XCTAssertEqual(history.rows.count, 3)
        XCTAssertEqual(slept.value, 60, "waited exactly until the minute's credits freed")
        XCTAssertTrue(captured.err.contains("Twelve Data free plan: 8 credits a minute; next request in 60 s."), captured.err)
    }

    /// Without `--timeout`, an announced credit wait moves the command's deadline back: the
    /// request after it gets its full network time (it used to fail "did not answer within").
    func testACreditWaitKeepsTheRequestsNetworkTimeWithoutATimeout() async throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let clock = ManualClock(Date(timeIntervalSince1970: 1_795_000_000))
        let deadline = RunDeadline(start: Date(), seconds: 1, fixed: false)
        let (context, captured) = try makeLiveContext(
            self, server, clock: clock,
            sleep: { seconds in
                try await Task.sleep(nanoseconds: 30_000_000)  // real time passes too: past the first deadline
                clock.advance(by: seconds)
            }, deadline: deadline)
        let service = CryptoService(context: context)
        guard case .granted = try service.budget.reserve(8, now: clock.now()) else { return XCTFail("a fresh budget") }
        try await Task.sleep(nanoseconds: 1_100_000_000)  // real time: the run's deadline reads the real clock
        let history = try await service.history("SOL/USD", from: "2026-11-01", to: "2026-11-03")
        XCTAssertEqual(history.rows.count, 3, captured.err)
        XCTAssertTrue(captured.err.contains("next request in 60 s."), captured.err)
    }

    /// With `--timeout`, a credit wait that cannot fit is refused at once (exit 75), naming the
    /// time limit that would let it wait; nothing waits and nothing is asked.
    func testACreditWaitThatCannotFitTheTimeoutIsRefusedAtOnce() throws {
        let credits = CreditWindow(perMinute: 8)
        let server = try FixtureServer(fixtures: repositoryFixtures, credits: credits)
        let home = try makeTemporaryFolder(self)
        let environment = server.freePlanEnvironment()
        for spend in [["crypto"], ["crypto", "history", "BTC/USD", "--from", "2026-11-01", "--to", "2026-11-07"], ["crypto", "add", "Litecoin"]] {
            XCTAssertEqual(try runAlmanac(spend + ["--no-wait"], home: home, environment: environment).status, 0, "\(spend)")
        }
        XCTAssertEqual(credits.totalAccepted, 8, "the minute is spent")
        let started = Date()
        let history = try runAlmanac(
            ["crypto", "history", "SOL/USD", "--from", "2026-11-01", "--to", "2026-11-03", "--timeout", "5"], home: home,
            environment: environment)
        XCTAssertLessThan(Date().timeIntervalSince(started), 4, "refused at once, not after waiting")
        assertOneLineError(history, status: 75, contains: "next request in")
        XCTAssertTrue(history.err.contains("(--timeout 80)."), history.err)
        XCTAssertFalse(server.requests.contains { $0.queryValue("symbol") == "SOL/USD" }, "never asked")
        // The watchlist with the pair just added: its price needs the same wait, refused alike
        // (it used to print the list without the new pair after the deadline killed the wait).
        let list = try runAlmanac(["crypto", "--timeout", "5"], home: home, environment: environment)
        assertOneLineError(list, status: 75, contains: "next request in")
        XCTAssertFalse(server.requests.contains { $0.queryValue("symbol")?.contains("LTC/USD") == true }, "never asked")
    }

    func testStaleFirstShowsTheCachedTableThenTheFreshOne() async throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let clock = ManualClock(Date(timeIntervalSince1970: 1_795_000_000))
        let (context, captured) = try makeLiveContext(self, server, clock: clock)
        defer { withExtendedLifetime(captured) {} }
        let service = CryptoService(context: context)
        let first = try await service.prices()
        XCTAssertEqual(first.provenance.origin, .live)
        clock.advance(by: 120)
        let shown = Statuses()
        let fresh = try await service.prices { stale in
            shown.append(stale.provenance.stale ? 1 : 0)
            XCTAssertEqual(stale.rows.first?.price, 91234.5)
        }
        XCTAssertEqual(shown.all, [1], "the stale table came first")
        XCTAssertEqual(fresh.provenance.origin, .live)
        XCTAssertEqual(server.requests.filter { $0.path.hasSuffix("/quote") }.count, 2)
    }
}

final class Statuses: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int32] = []
    func append(_ value: Int32) { lock.withLock { values.append(value) } }
    var all: [Int32] { lock.withLock { values } }
}
