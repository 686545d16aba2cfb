import AlmanacHTTP
import XCTest

@testable import AlmanacProviders

/// The providers' declarations hold the conventions the shared parts rely on without naming any.
final class ProviderCatalogueTests: XCTestCase {
    /// Every key variable ends in `_API_KEY`: that is how `Configuration.secrets(answering:)` finds every
    /// key to keep out of output, logs and cache files.
    func testEveryKeyVariableIsNamedSoItIsKeptSecret() {
        for provider in Provider.allCases {
            guard let variable = provider.keyVariable else { continue }
            XCTAssertTrue(variable.hasSuffix("_API_KEY"), "\(provider.rawValue): \(variable)")
        }
    }

    func testEachProviderIsDeclaredOnceByItsStoredName() {
        let names = Provider.allCases.map(\.rawValue)
        XCTAssertEqual(Set(names).count, names.count, "\(names)")
        XCTAssertEqual(Provider(rawValue: "openmeteo-air")?.brand, "Open-Meteo")
        XCTAssertEqual(Provider(rawValue: "openweather-pro")?.brand, "OpenWeatherMap")
        XCTAssertNil(Provider(rawValue: "nosuch"))
    }

    /// What the doctor and the recorder read of a provider is declared with it: a cheap request
    /// to check it by, on its own host, and the provider it is recorded with.
    func testEachProviderSaysHowItIsCheckedAndRecorded() throws {
        for provider in Provider.allCases {
            let probe = try XCTUnwrap(provider.probe?(provider), provider.rawValue)
            XCTAssertEqual(probe.provider, provider, "\(provider.rawValue) is checked on its own host")
            XCTAssertNotNil(Provider(rawValue: provider.recordedAs), "\(provider.rawValue) is recorded with a provider")
        }
        XCTAssertEqual(Provider.nationalWeatherService.recordedAs, "metno", "the keyless set")
    }
}
