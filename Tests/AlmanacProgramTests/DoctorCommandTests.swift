import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

final class DoctorCommandTests: XCTestCase {
    func testReportNeverShowsKeysAndChecksLiveProviders() throws {
        let server = try FixtureServer(fixtures: repositoryFixtures) { provider, request in
            switch provider {
            case .twelveData: return .json("{\"price\":\"91234.50000\"}")
            case .openWeather: return .json("{\"cod\":401,\"message\":\"Invalid API key.\"}", status: 401)
            case .yandexGeocoder: return .json(#"{"response":{"GeoObjectCollection":{"featureMember":[]}}}"#)
            default: return nil
            }
        }
        let home = try makeTemporaryFolder(self)
        var environment = server.environment
        environment["TWELVEDATA_API_KEY"] = "TD-DOCTOR-KEY-1"
        environment["OPENWEATHER_API_KEY"] = "OW-DOCTOR-KEY-2"
        environment["YANDEX_GEOCODER_API_KEY"] = "YA-DOCTOR-KEY-3"
        let result = try runAlmanac(["doctor", "--check", "--json"], home: home, environment: environment)
        XCTAssertEqual(result.status, 69, "the OpenWeather check fails")
        XCTAssertFalse((result.out + result.err).contains("DOCTOR-KEY"))
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let providers = try XCTUnwrap(report["providers"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: providers.map { ($0["provider"] as! String, $0) })
        XCTAssertEqual(byName["twelvedata"]?["keySet"] as? Bool, true)
        XCTAssertEqual((byName["twelvedata"]?["check"] as? [String: Any])?["ok"] as? Bool, true)
        XCTAssertEqual((byName["openweather"]?["check"] as? [String: Any])?["ok"] as? Bool, false)
        XCTAssertEqual((byName["fruityvice"]?["check"] as? [String: Any])?["ok"] as? Bool, true)
        XCTAssertTrue(server.requests.contains { $0.target == "/fruityvice/api/fruit/banana" })
        // Every provider the program knows has its row and its probe: the warning services too.
        for provider in ["nws", "brightsky", "metno", "kraken"] {
            XCTAssertEqual((byName[provider]?["check"] as? [String: Any])?["ok"] as? Bool, true, "\(provider): \(byName[provider] ?? [:])")
        }
        XCTAssertEqual(byName["nws"]?["baseURL"] as? String, server.environment["ALMANAC_NWS_URL"])
        XCTAssertTrue(server.requests.contains { $0.path.hasSuffix("/alerts/active") }, "the NWS probed")
        XCTAssertTrue(server.requests.contains { $0.path.hasSuffix("/alerts") }, "Bright Sky probed")
        XCTAssertTrue(server.requests.contains { $0.path == "/openweather/data/2.5/weather" && $0.queryValue("lat") == "51.51" })
        let folders = try XCTUnwrap(report["folders"] as? [[String: Any]])
        XCTAssertEqual(folders.compactMap { $0["writable"] as? Bool }, [true, true, true, true])
    }

    func testWithoutKeysEverythingIsSampleAndNoCheckRuns() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["doctor"], home: home, environment: ["ALMANAC_FRUITYVICE_URL": "http://127.0.0.1:9/"])
        XCTAssertEqual(result.status, 0, result.err)
        let line = try XCTUnwrap(result.out.split(separator: "\n").first { $0.hasPrefix("Twelve Data") })
        XCTAssertEqual(
            line.split(separator: " ", omittingEmptySubsequences: true).prefix(6).joined(separator: " "),
            "Twelve Data TWELVEDATA_API_KEY not set sample")
        XCTAssertTrue(result.out.contains("Sample data: "), result.out)
        XCTAssertTrue(result.out.contains("warnings: keyless, from a place's national service: MET Norway (Norway)"), result.out)
        XCTAssertTrue(result.out.contains("National Weather Service  not needed"), result.out)
        XCTAssertEqual(try runAlmanac(["--help"], home: home).status, 0)
        let version = try runAlmanac(["--version"], home: home).out
        XCTAssertNotNil(
            version.range(of: #"^0\.1\.0 \(source, commit [0-9a-f]{12}\)\n$"#, options: .regularExpression),
            "the version, built from source, and the checkout's commit: \(version)")
    }
}
