import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import FrontKit
@testable import Fruit
@testable import TerminalKit
@testable import TestHarness

final class FruitServiceTests: XCTestCase {
    private func service(_ variables: [String: String] = [:], offline: Bool = true) throws -> FruitService {
        let home = try makeTemporaryFolder(self)
        var all = ["ALMANAC_TODAY": "2026-11-21"]
        all.merge(variables) { _, new in new }
        let configuration = makeConfiguration(home: home, all, offline: offline)
        let context = AppContext(
            configuration: configuration, console: .silent, client: makeClient(configuration, console: .silent))
        return FruitService(context: context)
    }

    func testDecodingTrimsTaxonomyAndKeepsNames() async throws {
        let (fruits, provenance) = try await service().catalogue()
        XCTAssertEqual(fruits.count, 49)
        XCTAssertEqual(provenance.origin, .fixture)
        let persimmon = try XCTUnwrap(fruits.first { $0.name == "Japanese Persimmon" })
        XCTAssertEqual(persimmon.family, "Ebenaceae")
        XCTAssertEqual(persimmon.order, "Ericales")
        XCTAssertNotNil(fruits.first { $0.name == "GreenApple" })
        XCTAssertEqual(fruits.first { $0.name == "Kiwi" }?.genus, "Apteryx")
    }

    func testGroupingAndOrdering() async throws {
        let (fruits, _) = try await service().catalogue()
        let families = FruitService.grouped(fruits, by: .family)
        XCTAssertEqual(families.map(\.name), families.map(\.name).sorted { $0.lowercased() < $1.lowercased() })
        XCTAssertEqual(
            families.filter { $0.name == "Ebenaceae" }.first?.fruits.map(\.name), ["Japanese Persimmon", "Persimmon"],
            "the leading space must not split the family")
        XCTAssertEqual(families.reduce(0) { $0 + $1.fruits.count }, 49)
        XCTAssertEqual(FruitService.sorted(fruits, byName: false).prefix(3).map(\.id), [1, 2, 3])
        XCTAssertEqual(FruitService.sorted(fruits, byName: true).first?.name, "Annona")
    }

    func testFamilyColourIsStableAndDerived() {
        XCTAssertEqual(FamilyColour.index(for: "Rosaceae"), FamilyColour.index(for: "rosaceae"))
        XCTAssertEqual(FamilyColour.index(for: "Rosaceae"), 181, "same colour on every run")
        let indices = ["Rosaceae", "Rutaceae", "Musaceae", "Cactaceae", "A New Family"].map(FamilyColour.index(for:))
        XCTAssertTrue(indices.allSatisfy { (59...231).contains($0) })
        XCTAssertGreaterThan(Set(indices).count, 3)
    }

    func testDailyTotalsAndThirtyDayWindow() async throws {
        let fruits = try service()
        try await fruits.eat("banana", date: "2026-11-20", grams: 150)
        try await fruits.eat("Apple", date: "2026-11-20", grams: 100)
        try await fruits.eat("Banana", date: "2026-10-01", grams: 100)
        let days = try fruits.days(from: nil, to: nil)
        XCTAssertEqual(days.map(\.date.description), ["2026-11-20"])
        XCTAssertEqual(days[0].total.calories, 96 * 1.5 + 52, accuracy: 1e-9)
        XCTAssertEqual(days[0].total.sugar, 17.2 * 1.5 + 10.3, accuracy: 1e-9)
        XCTAssertEqual(try fruits.days(from: "2026-09-01", to: nil).count, 2, "old entries are kept; the window is only a view")
        let (banana, _) = try await fruits.fruit("BANANA")
        XCTAssertEqual(try fruits.lastEaten(banana), LocalDate("2026-11-20"))
        let (pear, _) = try await fruits.fruit("4")
        XCTAssertNil(try fruits.lastEaten(pear))
    }

    func testBadInput() async throws {
        let fruits = try service()
        let cases: [(() async throws -> Void, String)] = [
            ({ _ = try await fruits.fruit("bananna") }, "No fruit called \"bananna\". Did you mean: Banana, Annona?"),
            ({ _ = try await fruits.fruit("2000") }, "No fruit has id 2000. Ids run from 1 to 104, with gaps."),
            (
                { _ = try await fruits.eat("Banana", date: "2026-11-22", grams: 100) },
                "2026-11-22 is in the future; log fruit already eaten (--date)."
            ),
            ({ _ = try await fruits.eat("Banana", date: nil, grams: 0) }, "--amount must be more than 0 and at most 5000 grams, not 0."),
            ({ _ = try await fruits.group(.family, "Rosacea") }, "No family called \"Rosacea\". Did you mean: Rosaceae, Moraceae, Musaceae?"),
            ({ _ = try fruits.removeEntry(7) }, "No log entry 7. The log is empty."),
        ]
        for (action, message) in cases {
            do {
                try await action()
                XCTFail("expected: \(message)")
            } catch {
                XCTAssertEqual(ErrorSentence.text(error, for: .commandLine), message)
            }
        }
    }

    func testLiveNameLookupPercentEncodesAndFallsBackToCatalogue() async throws {
        let server = try FixtureServer(fixtures: repositoryFixtures)
        let fruits = try service(server.environment, offline: false)
        let (melon, provenance) = try await fruits.fruit("Horned Melon")
        XCTAssertEqual(melon.id, 95)
        XCTAssertEqual(provenance.origin, .live)
        XCTAssertTrue(server.requests.contains { $0.target == "/fruityvice/api/fruit/horned%20melon" }, "\(server.requests.map(\.target))")
        let (banana, _) = try await fruits.fruit("banana")
        XCTAssertEqual(banana.nutrition.calories, 96)
        XCTAssertTrue(server.requests.contains { $0.target == "/fruityvice/api/fruit/banana" })
    }

    func testServerErrorsGiveClearMessagesAndCachedCatalogueServes() async throws {
        let failing = Collected()
        let server = try FixtureServer(fixtures: repositoryFixtures) { _, request in
            guard !failing.data.isEmpty else { return nil }
            return request.path.hasSuffix("/all")
                ? .data(Data("<html>502 Bad Gateway</html>".utf8), status: 502) : .json("{\"error\":\"The fruit was not found\"}", status: 404)
        }
        let home = try makeTemporaryFolder(self)
        let clock = ManualClock()
        let configuration = makeConfiguration(home: home, server.environment)
        let capture = CapturedConsole()
        let context = AppContext(
            configuration: configuration, console: capture.console, client: makeClient(configuration, console: capture.console, clock: clock))
        let fruits = FruitService(context: context)
        _ = try await fruits.catalogue()
        failing.append(Data([1]))
        clock.advance(by: 8 * 86400)
        let (served, provenance) = try await fruits.catalogue()
        XCTAssertEqual(served.count, 49)
        XCTAssertTrue(provenance.stale)
        XCTAssertTrue(capture.err.contains("Fruityvice had a server error (HTTP 502)"), capture.err)
        XCTAssertFalse(capture.err.contains("<html>"))
    }
}

/// Answers endpoints from bodies held in memory, decoded by the endpoint as the client would.
private struct MemoryFetcher: Fetcher {
    let bodies: [String: String]
    let fetchedAt: Date

    func fetch<R: Sendable>(_ endpoint: Endpoint<R>, onStale: (@Sendable (Fetched<R>) async -> Void)?) async throws -> Fetched<R> {
        guard let body = bodies[endpoint.descriptor.path] else {
            throw APIError.notFound(provider: .fruityvice, request: endpoint.descriptor.path, message: nil)
        }
        return Fetched(value: try endpoint.decode(Data(body.utf8)), origin: .cache, fetchedAt: fetchedAt, stale: false)
    }
}

final class FruitServiceSeamTests: XCTestCase {
    /// The service on its narrow dependencies: a fetcher, a store, a pinned day — no client, no network.
    func testEatingThroughAFetcherInMemoryLogsThePinnedDayWithTheFruitsNutrition() async throws {
        let catalogue = """
            [{"name":"Banana","id":1,"family":"Musaceae","order":"Zingiberales","genus":"Musa",
              "nutritions":{"calories":96,"fat":0.2,"sugar":17.2,"carbohydrates":22,"protein":1}}]
            """
        let fetcher = MemoryFetcher(bodies: ["/api/fruit/all": catalogue], fetchedAt: Date())
        let folder = try makeTemporaryFolder(self)
        let service = FruitService(
            fetcher: fetcher, store: DocumentStore<FruitLog>(folder: folder), days: DayClock(clock: ManualClock(), pinned: "2026-11-21"))
        let entry = try await service.eat("banana", date: nil, grams: 50)
        XCTAssertEqual(entry.date, LocalDate("2026-11-21"))
        XCTAssertEqual(entry.nutrition.sugar, 8.6, accuracy: 0.001)
        XCTAssertEqual(try service.days(from: nil, to: nil).map(\.date), [LocalDate("2026-11-21")])
        do {
            _ = try await service.eat("banana", date: "2026-11-22", grams: 50)
            XCTFail("a day after the pinned today is in the future")
        } catch let error as FruitError {
            XCTAssertEqual(error, .eatenInFuture(LocalDate("2026-11-22")!))
        }
    }
}
