import AlmanacClient
import AlmanacHTTP
import AlmanacProviders
import Foundation
import XCTest

@testable import Crypto
@testable import TestHarness

/// Who prices crypto: the saved choice, else Twelve Data with its key, else Kraken.
final class PriceSourcesTests: XCTestCase {
    private func service(_ keys: [String: String]) throws -> CryptoService {
        let configuration = makeConfiguration(home: try makeTemporaryFolder(self), keys)
        return CryptoService(context: AppContext(configuration: configuration, console: .silent, client: makeClient(configuration, console: .silent)))
    }

    func testTheKeyPicksTwelveDataAndTheSavedChoicePins() throws {
        XCTAssertEqual(try service([:]).priceSources, PriceSources(provider: .kraken, chosen: false), "no key: Kraken")
        let keyed = try service(["TWELVEDATA_API_KEY": "TD"])
        XCTAssertEqual(keyed.priceSources.name, "Twelve Data")
        try keyed.setProvider(.kraken)
        XCTAssertEqual(keyed.priceSources, PriceSources(provider: .kraken, chosen: true), "pinned, whatever the key")
        XCTAssertTrue(keyed.usesKraken)
        let pinnedWithoutKey = try service([:])
        try pinnedWithoutKey.setProvider(.twelvedata)
        XCTAssertEqual(pinnedWithoutKey.priceSources.provider, .twelveData)
        XCTAssertNotNil(pinnedWithoutKey.recordedDay(), "pinned with no key: prices from the recordings")
    }
}
