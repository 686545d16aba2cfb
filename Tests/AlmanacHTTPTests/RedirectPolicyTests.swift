import Foundation
import XCTest

@testable import AlmanacHTTP

/// Each hop of a redirect keeps the protection the request had (docs/architecture.md §5).
final class RedirectPolicyTests: XCTestCase {
    private func request(_ url: String, headers: [HTTPHeader] = [], secrets: [String] = []) -> PreparedRequest {
        PreparedRequest(method: .get, url: url, redactedURL: url, headers: headers, secrets: secrets)
    }

    func testHTTPSNeverContinuesOverPlainHTTPEvenToThisMachine() {
        let secure = request("https://api.example.com/quote")
        for target in ["http://api.example.com/quote", "http://127.0.0.1:8080/quote", "http://localhost/x"] {
            XCTAssertThrowsError(try RedirectPolicy.next(after: secure, to: target, status: 302, original: secure), target) { error in
                guard case TransportError.insecureRedirect = error else { return XCTFail("\(error)") }
            }
        }
        XCTAssertEqual(
            try RedirectPolicy.next(after: secure, to: "https://cdn.example.com/q", status: 301, original: secure).url, "https://cdn.example.com/q")
    }

    func testPlainHTTPIsFollowedOnlyFromLoopbackToLoopback() throws {
        let local = request("http://127.0.0.1:9000/a")
        XCTAssertEqual(
            try RedirectPolicy.next(after: local, to: "http://127.0.0.1:9001/b", status: 302, original: local).url, "http://127.0.0.1:9001/b")
        XCTAssertThrowsError(try RedirectPolicy.next(after: local, to: "http://203.0.113.5/b", status: 302, original: local))
        let insecure = request("http://api.example.com/a")  // allowed by ALMANAC_ALLOW_INSECURE_HTTP, not its redirects
        XCTAssertThrowsError(try RedirectPolicy.next(after: insecure, to: "http://api.example.com/b", status: 302, original: insecure))
        XCTAssertThrowsError(try RedirectPolicy.next(after: local, to: "file:///etc/passwd", status: 302, original: local)) { error in
            XCTAssertEqual(error as? TransportError, .unsupportedProtocol(host: "127.0.0.1"))
        }
    }

    func testKeyHeadersStayWithTheirOriginAndSeeOtherBecomesAGet() throws {
        let keyed = request(
            "https://api.example.com/a", headers: [HTTPHeader(name: "Authorization", value: "apikey k1"), HTTPHeader(name: "Accept", value: "*/*")],
            secrets: ["k1"])
        let same = try RedirectPolicy.next(after: keyed, to: "https://api.example.com/b", status: 307, original: keyed)
        XCTAssertEqual(same.headers.map(\.name), ["Authorization", "Accept"])
        let other = try RedirectPolicy.next(after: keyed, to: "https://api.example.com:8443/b", status: 303, original: keyed)
        XCTAssertEqual(other.headers.map(\.name), ["Accept"])
        XCTAssertEqual(other.method, .get)
        let query = try RedirectPolicy.next(after: keyed, to: "https://x.example.com/?apikey=k1", status: 302, original: keyed)
        XCTAssertFalse(query.redactedURL.contains("k1"), query.redactedURL)
    }
}
