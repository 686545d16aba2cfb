import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacProviders
@testable import AlmanacTestSupport

/// Recorded answers sit behind the transport protocol: a request prepared for recordings is
/// answered like any other, batches included.
final class FixtureTransportTests: XCTestCase {
    private let transport: any HTTPTransport = FixtureTransport(folder: repositoryFixtures, providers: Provider.allCases)

    func testARecordedRequestRoundTripsThroughItsURL() async throws {
        let request = RequestPreparer.prepareRecorded(YandexGeocoder.geocode("Saint Petersburg", lang: "en").descriptor)
        XCTAssertTrue(request.url.hasPrefix("fixture://yandex/1.x/?"), request.url)
        XCTAssertTrue(request.url.contains("geocode=Saint%20Petersburg"), request.url)
        let response = try await transport.send(request)
        XCTAssertEqual(response.status, 200)
        XCTAssertTrue(String(decoding: response.body, as: UTF8.self).contains("Petersburg"))
    }

    func testABatchIsAnsweredInTheProvidersOwnShape() async throws {
        let response = try await transport.send(RequestPreparer.prepareRecorded(TwelveData.quotes(["BTC/USD", "NOPE/USD"]).descriptor))
        let text = String(decoding: response.body, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("{\"BTC/USD\":{"), text)
        XCTAssertTrue(text.contains("\"NOPE/USD\":{\"code\":404"), text)
    }

    func testOnlyRecordedRequestsAreAnswered() async throws {
        let live = PreparedRequest(method: .get, url: "https://api.example/quote", redactedURL: "https://api.example/quote")
        do {
            _ = try await transport.send(live)
            XCTFail("a live URL is not a recorded request")
        } catch let error as TransportError {
            guard case .unsupportedProtocol = error else { return XCTFail("\(error)") }
        }
        do {
            _ = try await transport.send(RequestPreparer.prepareRecorded(OpenWeather.oneCall(latitude: 1, longitude: 2, lang: "en").descriptor))
            XCTFail("nothing is recorded there")
        } catch let error as APIError {
            guard case .noRecording = error else { return XCTFail("\(error)") }
        }
    }

    /// A recorded parameter matches a request's ignoring case (ASCII or not) or as the same number.
    func testRecordedParametersMatchIgnoringCaseOrAsNumbers() {
        XCTAssertTrue(Recording.same("BTC/USD", "btc/usd"))
        XCTAssertTrue(Recording.same("São Paulo", "SÃO PAULO"))
        XCTAssertTrue(Recording.same("55.7558", "55.75580"))
        XCTAssertTrue(Recording.same("1e3", "1000"))
        XCTAssertFalse(Recording.same("ETH/USD", "ETH/EUR"))
        XCTAssertFalse(Recording.same("Moscow", "Moscow "))
        XCTAssertFalse(Recording.same("55.7558", "55.7559"))
    }
}
