import Foundation
import XCTest

@testable import FrontKit
@testable import TestHarness

/// What `--notify` sends: the new and the changed, once; remembered while seen, forgotten after.
final class NotifiedDocumentTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func item(_ key: String, _ fingerprint: String, days: Double = 1) -> DesktopNotification {
        DesktopNotification(
            key: key, fingerprint: fingerprint, keepUntil: now.addingTimeInterval(days * 86_400), summary: key, body: "", urgency: .normal)
    }

    func testTheNewAndTheChangedAreUnsentTheSameIsNot() {
        var document = NotifiedDocument.initial()
        let gale = item("warning metno 1", "a")
        XCTAssertEqual(document.unsent([gale]), [gale])
        document.remember(sent: [gale], seen: [gale], now: now)
        XCTAssertEqual(document.unsent([gale]), [], "sent once")
        let changed = item("warning metno 1", "b")
        XCTAssertEqual(document.unsent([changed, item("warning metno 2", "a")]).map(\.fingerprint), ["b", "a"])
    }

    func testWhatIsSeenAgainIsKeptAndWhatIsPastItsTimeIsForgotten() {
        var document = NotifiedDocument.initial()
        let open = item("warning brightsky 7", "x", days: 7)
        document.remember(sent: [open], seen: [open], now: now)
        let later = now.addingTimeInterval(6 * 86_400)
        let seenAgain = DesktopNotification(
            key: open.key, fingerprint: "x", keepUntil: later.addingTimeInterval(7 * 86_400), summary: "", body: "", urgency: .normal)
        document.remember(sent: [], seen: [seenAgain], now: later)
        document.remember(sent: [], seen: [], now: now.addingTimeInterval(10 * 86_400))
        XCTAssertEqual(document.unsent([open]), [], "still in force when last seen: kept past its first week")
        document.remember(sent: [], seen: [], now: now.addingTimeInterval(14 * 86_400))
        XCTAssertEqual(document.unsent([open]), [open], "forgotten once past its time")
    }

    func testAFingerprintChangesWithAnyPart() {
        XCTAssertEqual(DesktopNotification.fingerprint(["a", nil]), DesktopNotification.fingerprint(["a", nil]))
        XCTAssertNotEqual(DesktopNotification.fingerprint(["a", nil]), DesktopNotification.fingerprint(["a", ""]))
        XCTAssertNotEqual(DesktopNotification.fingerprint(["ab", "c"]), DesktopNotification.fingerprint(["a", "bc"]))
    }

    func testProviderTextReachesTheDesktopAsWritten() {
        XCTAssertEqual(DesktopNotifier.markupSafe("Gusts <b>60</b> & more\u{1B}[31m\nnext"), "Gusts &lt;b&gt;60&lt;/b&gt; &amp; more[31m\nnext")
    }
}
