import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

extension HTTPCachingSuiteTests {
    /// `cc-resp-must-revalidate-stale` and the `304`s that carry no `Date` and no
    /// `Cache-Control`, each request a run of `fruit list` in process (one of them runs as a
    /// process per request too: `HTTPCachingProcessTests`).
    func testA304ConfirmsAStoredMustRevalidateAnswerForTheRequestThatAsked() throws {
        let home = { try makeTemporaryFolder(self) }
        try HTTPCachingSuite.assertA304ConfirmsTheStoredAnswer(stored: HTTPCachingSuite.mustRevalidate, home: home) { server, folder in
            try runAlmanac(["fruit", "list"], home: folder, environment: ["ALMANAC_FRUITYVICE_URL": server.baseURL])
        }
    }
}
