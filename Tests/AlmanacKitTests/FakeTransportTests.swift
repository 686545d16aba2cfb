import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacKit
@testable import AlmanacProviders

final class FakeTransportTests: XCTestCase {
    func testDealsStreamThroughAnyTransport() throws {
        let lines = (1...250).map { number in
            "{\"id\":\(number),\"dateModified\":\"2026-11-20T00:00:\(String(format: "%02d", number % 60))Z\",\"instrumentName\":\"EUR/USD_TOD\",\"price\":\(Double(number) / 10),\"amount\":5,\"side\":\"buy\"}"
        }
        let fake = FakeTransport(body: Data(lines.joined(separator: "\n").utf8))
        let feed = DealFeed(source: .url("https://deals.example/stream"), column: .price, descending: true)
        feed.start(transport: fake)
        let deadline = Date().addingTimeInterval(10)
        while !feed.isComplete, Date() < deadline { if feed.pump() == 0 { Thread.sleep(forTimeInterval: 0.005) } }
        XCTAssertEqual(feed.store.count, 250)
        XCTAssertEqual(feed.store.deal(atPosition: 0).id, 250, "highest price first")
        XCTAssertEqual(fake.requests, 1)
    }

    func testConcurrentFetchesOfOneRequestShareOneTransfer() async throws {
        let home = try makeTemporaryFolder(self)
        let configuration = makeConfiguration(home: home, ["ALMANAC_FRUITYVICE_URL": "https://fruit.example"])
        let fake = FakeTransport(
            body: Data(
                "[{\"name\":\"Banana\",\"id\":1,\"family\":\"Musaceae\",\"order\":\"Zingiberales\",\"genus\":\"Musa\",\"nutritions\":{\"calories\":96,\"fat\":0.2,\"sugar\":17.2,\"carbohydrates\":22,\"protein\":1}}]"
                    .utf8), delay: 0.3)
        let client = DataClient(
            configuration: configuration, live: LiveClient(transport: fake, configuration: configuration, console: .silent),
            cache: JSONFileCache(folder: configuration.paths.cache), fixtures: nil, console: .silent)
        async let first = client.fetch(Fruityvice.all())
        async let second = client.fetch(Fruityvice.all())
        let (a, b) = try await (first, second)
        XCTAssertEqual(a.value.count, 1)
        XCTAssertEqual(b.value.first?.name, "Banana")
        XCTAssertEqual(fake.requests, 1, "the second caller waited for the first one's answer")
    }
}
