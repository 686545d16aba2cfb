import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import XCTest

@testable import TestHarness

/// The answer machine, transition by transition: each row is a request's events and the action
/// each must get. docs/architecture.md §4's table is these rows (`ALMANAC_WRITE_DOCS=1` rewrites it).
final class AnswerMachineTests: XCTestCase {
    typealias Machine = AnswerMachine
    private struct Row {
        var why: String
        var request: Machine.Request
        /// The action `.asked` gets; the pause read unless the stored answer settles it.
        var first: Machine.Action = .readPause
        /// The events after it, and the action each gets.
        var steps: [(Machine.Event, Machine.Action)]
    }

    static let until = Date(timeIntervalSince1970: 1_800_000_040)
    static let resets = Date(timeIntervalSince1970: 1_800_050_000)
    static let stale = Machine.Stored.stale(.init())
    static let window = Machine.Stored.stale(.init(withinWindow: true, glanceMayShow: true))
    static let noWindowSaid = Machine.Stored.stale(.init(glanceMayShow: true))
    static let strict = Machine.Stored.stale(.init(mustRevalidate: true))
    static let quiet = Machine.Stored.stale(.init(quietOnError: true))

    /// Up to the send: the pause read (none), the policy's grant.
    private static func toSend(conditional: Bool, showStaleFirst: Bool) -> [(Machine.Event, Machine.Action)] {
        [(.pause(active: false), .admit), (.admitted(.granted, deadline: .movable), .send(conditional: conditional, showStaleFirst: showStaleFirst))]
    }

    private static let rows: [Row] = [
        Row(why: "fresh: no network", request: .init(stored: .fresh), first: .serveStored(stale: false, warning: nil), steps: []),
        Row(
            why: "--refresh skips a fresh answer", request: .init(stored: .fresh, refresh: true),
            steps: toSend(conditional: false, showStaleFirst: false) + [
                (.responded(.answer(deprecated: false)), .serveReceived(noteDeprecated: false))
            ]),
        Row(
            why: "stale: shown first, asked again; a 304 renews it", request: .init(stored: stale),
            steps: toSend(conditional: true, showStaleFirst: true) + [(.responded(.notModified), .serveReceived(noteDeprecated: false))]),
        Row(
            why: "inside stale-while-revalidate: shown, refreshed behind", request: .init(stored: window), first: .serveStoredRefreshingBehind,
            steps: []),
        Row(
            why: "no window said: a command revalidates", request: .init(stored: noWindowSaid),
            steps: toSend(conditional: true, showStaleFirst: true) + [(.responded(.noStore), .serveReceived(noteDeprecated: false))]),
        Row(
            why: "a glance shows a stale answer; its refresher asks", request: .init(stored: noWindowSaid, glance: true),
            first: .serveStoredForGlance, steps: []),
        Row(why: "a glance inside the window too", request: .init(stored: window, glance: true), first: .serveStoredForGlance, steps: []),
        Row(
            why: "a glance past the window waits for the answer", request: .init(stored: stale, glance: true),
            steps: toSend(conditional: true, showStaleFirst: true) + [(.responded(.answeredElsewhere), .serveReceived(noteDeprecated: false))]),
        Row(
            why: "a provider's pause: the stale answer, nothing sent", request: .init(stored: stale),
            steps: [(.pause(active: true), .serveStored(stale: true, warning: .paused))]),
        Row(
            why: "a pause with nothing stored: the rate limit", request: .init(),
            steps: [(.pause(active: true), .fail(.rateLimited, rememberUnreachable: false))]),
        Row(
            why: "a pause never shows a must-revalidate answer", request: .init(stored: strict),
            steps: [(.pause(active: true), .fail(.rateLimited, rememberUnreachable: false))]),
        Row(
            why: "--refresh during a pause: the stored answer stands", request: .init(stored: .fresh, refresh: true),
            steps: [(.pause(active: true), .serveStored(stale: true, warning: .paused))]),
        Row(
            why: "a 203: answered, and the deprecation said", request: .init(),
            steps: toSend(conditional: false, showStaleFirst: false) + [(.responded(.answer(deprecated: true)), .serveReceived(noteDeprecated: true))]
        ),
        Row(
            why: "nothing stored, a keyless provider unreachable: its sample", request: .init(keyless: true),
            steps: toSend(conditional: false, showStaleFirst: false) + [
                (.failed(.unreachable), .serveSample), (.noSample, .fail(.asReceived, rememberUnreachable: false)),
            ]),
        Row(
            why: "a keyed provider unreachable: the error", request: .init(),
            steps: toSend(conditional: false, showStaleFirst: false) + [(.failed(.unreachable), .fail(.asReceived, rememberUnreachable: false))]),
        Row(
            why: "--refresh: no sample, but the provider is remembered unreachable", request: .init(refresh: true, keyless: true),
            steps: toSend(conditional: false, showStaleFirst: false) + [(.failed(.unreachable), .fail(.asReceived, rememberUnreachable: true))]),
        Row(
            why: "a failed revalidation: the stale answer stands, with a warning", request: .init(stored: stale),
            steps: toSend(conditional: true, showStaleFirst: true) + [(.failed(.other), .serveStored(stale: true, warning: .failed))]),
        Row(
            why: "inside stale-if-error: it stands quietly", request: .init(stored: quiet, keyless: true),
            steps: toSend(conditional: true, showStaleFirst: true) + [(.failed(.unreachable), .serveStored(stale: true, warning: nil))]),
        Row(
            why: "must-revalidate after a failed revalidation: refused, never shown", request: .init(stored: strict),
            steps: toSend(conditional: true, showStaleFirst: false) + [(.failed(.other), .fail(.staleRefused, rememberUnreachable: false))]),
        Row(
            why: "must-revalidate, keyless, unreachable: the sample, else refused", request: .init(stored: strict, keyless: true),
            steps: toSend(conditional: true, showStaleFirst: false) + [
                (.failed(.unreachable), .serveSample), (.noSample, .fail(.staleRefused, rememberUnreachable: false)),
            ]),
        Row(
            why: "the caller left: nothing to warn about", request: .init(stored: stale),
            steps: toSend(conditional: true, showStaleFirst: true) + [(.failed(.cancelled), .fail(.asReceived, rememberUnreachable: false))]),
        Row(
            why: "the policy holds the send, a stale answer: it stands, with when fresh data comes", request: .init(stored: stale),
            steps: [
                (.pause(active: false), .admit),
                (
                    .admitted(.deferred(until: until, seconds: 40), deadline: .movable),
                    .serveStored(stale: true, warning: .held(freshAt: until))
                ),
            ]),
        Row(
            why: "the policy defers, nothing stored: wait, then send", request: .init(),
            steps: [
                (.pause(active: false), .admit),
                (.admitted(.deferred(until: until, seconds: 40), deadline: .movable), .waitForPolicy(until: until)),
                (.waited, .admit), (.admitted(.granted, deadline: .movable), .send(conditional: false, showStaleFirst: false)),
            ]),
        Row(
            why: "--no-wait: refused at once", request: .init(noWait: true),
            steps: [
                (.pause(active: false), .admit),
                (
                    .admitted(.deferred(until: until, seconds: 40), deadline: .movable),
                    .fail(.policy(.noWait(until: until, seconds: 40)), rememberUnreachable: false)
                ),
            ]),
        Row(
            why: "a wait longer than the time left: refused at once", request: .init(),
            steps: [
                (.pause(active: false), .admit),
                (
                    .admitted(.deferred(until: until, seconds: 40), deadline: .fixed(secondsLeft: 20)),
                    .fail(.policy(.beyondDeadline(seconds: 40)), rememberUnreachable: false)
                ),
            ]),
        Row(
            why: "the command's deadline after a wait: the second wait is weighed against the time left then", request: .init(),
            steps: [
                (.pause(active: false), .admit),
                (.admitted(.deferred(until: until, seconds: 40), deadline: .fixed(secondsLeft: 60)), .waitForPolicy(until: until)),
                (.waited, .admit),
                (
                    .admitted(.deferred(until: until, seconds: 40), deadline: .fixed(secondsLeft: 19)),
                    .fail(.policy(.beyondDeadline(seconds: 40)), rememberUnreachable: false)
                ),
            ]),
        Row(
            why: "the policy refuses, nothing stored: refused", request: .init(),
            steps: [
                (.pause(active: false), .admit),
                (.admitted(.refused(until: resets), deadline: .movable), .fail(.policy(.refused(until: resets)), rememberUnreachable: false)),
            ]),
        Row(
            why: "the policy refuses, a stale answer: it stands", request: .init(stored: stale, refresh: true),
            steps: [
                (.pause(active: false), .admit),
                (.admitted(.refused(until: resets), deadline: .movable), .serveStored(stale: true, warning: .held(freshAt: resets))),
            ]),
        Row(
            why: "must-revalidate, the policy defers: waits, never kept", request: .init(stored: strict),
            steps: [
                (.pause(active: false), .admit),
                (.admitted(.deferred(until: until, seconds: 40), deadline: .movable), .waitForPolicy(until: until)),
            ]),
        Row(
            why: "unreachable earlier this run, a stale answer: shown, no network", request: .init(stored: stale, unreachable: true, keyless: true),
            first: .serveStored(stale: true, warning: nil), steps: []),
        Row(
            why: "unreachable earlier, nothing stored: the sample; none, the usual plan", request: .init(unreachable: true, keyless: true),
            first: .serveSample, steps: [(.noSample, .readPause)]),
        Row(
            why: "a refresh behind: asked again with its validators, nothing shown first", request: .init(stored: window, behind: true),
            steps: toSend(conditional: true, showStaleFirst: false) + [(.responded(.notModified), .serveReceived(noteDeprecated: false))]),
        Row(
            why: "a refresh behind during a pause: nothing sent, the answer shown stands", request: .init(stored: window, behind: true),
            steps: [(.pause(active: true), .serveStored(stale: true, warning: nil))]),
        Row(
            why: "a refresh behind the policy holds: its note says when fresh data comes", request: .init(stored: window, behind: true),
            steps: [
                (.pause(active: false), .admit),
                (.admitted(.deferred(until: until, seconds: 40), deadline: .movable), .serveStored(stale: true, warning: .held(freshAt: until))),
            ]),
        Row(
            why: "a refresh behind that fails: quiet, the answer shown stands", request: .init(stored: window, behind: true),
            steps: toSend(conditional: true, showStaleFirst: false) + [(.failed(.unreachable), .serveStored(stale: true, warning: nil))]),
    ]

    func testEveryTransition() {
        for row in Self.rows {
            var machine = Machine()
            XCTAssertEqual(machine.handle(.asked(row.request)), row.first, row.why)
            for (event, action) in row.steps { XCTAssertEqual(machine.handle(event), action, "\(row.why): after \(event)") }
        }
    }

    /// An event the machine did not ask for is refused, not guessed at.
    func testAnEventOutOfOrderIsRefused() {
        for event: Machine.Event in [
            .waited, .pause(active: false), .responded(.notModified), .failed(.other), .noSample, .admitted(.granted, deadline: .movable),
        ] {
            var machine = Machine()
            XCTAssertEqual(machine.handle(event), .fail(.outOfOrder, rememberUnreachable: false), "\(event)")
        }
        var machine = Machine()
        _ = machine.handle(.asked(.init(stored: .fresh)))
        XCTAssertEqual(machine.handle(.asked(.init())), .fail(.outOfOrder, rememberUnreachable: false), "one request a machine")
    }

    /// docs/architecture.md §4's table is these rows, rendered (`ALMANAC_WRITE_DOCS=1` rewrites it).
    func testTheArchitectureTableIsTheseRows() throws {
        let file = repositoryFixtures.deletingLastPathComponent().appendingPathComponent("docs/architecture.md")
        var text = try String(contentsOf: file, encoding: .utf8)
        let begin = try XCTUnwrap(text.range(of: "<!-- answer-machine: begin (AnswerMachineTests) -->\n"))
        let end = try XCTUnwrap(text.range(of: "<!-- answer-machine: end -->", range: begin.upperBound..<text.endIndex))
        let table = Self.table()
        if ProcessInfo.processInfo.environment["ALMANAC_WRITE_DOCS"] == "1" {
            text.replaceSubrange(begin.upperBound..<end.lowerBound, with: table)
            try text.write(to: file, atomically: true, encoding: .utf8)
        } else {
            XCTAssertEqual(String(text[begin.upperBound..<end.lowerBound]), table, "docs/architecture.md §4 differs from the machine's rows")
        }
    }

    /// The rows as a Markdown table: the case, what was known when asked, then each event and its action.
    static func table() -> String {
        var lines = ["| case | asked with | events → actions |", "|---|---|---|"]
        for row in rows {
            let steps = ["asked → " + words(row.first)] + row.steps.map { words($0.0) + " → " + words($0.1) }
            lines.append("| \(row.why) | \(words(row.request)) | \(steps.joined(separator: "; ")) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func words(_ request: Machine.Request) -> String {
        var parts: [String]
        switch request.stored {
        case .fresh?: parts = ["fresh"]
        case .stale(let staleness)?:
            parts = ["stale"]
            if staleness.withinWindow { parts.append("in its window") } else if staleness.glanceMayShow { parts.append("no window said") }
            if staleness.mustRevalidate { parts.append("must-revalidate") }
            if staleness.quietOnError { parts.append("in stale-if-error") }
        case nil: parts = ["nothing stored"]
        }
        let flags = [
            ("--refresh", request.refresh), ("glance", request.glance), ("unreachable before", request.unreachable), ("keyless", request.keyless),
            ("--no-wait", request.noWait), ("behind", request.behind),
        ]
        return (parts + flags.filter(\.1).map(\.0)).joined(separator: ", ")
    }

    /// An event or action as Swift spells it, without module and type prefixes.
    private static func words(_ value: some Any) -> String {
        String(describing: value).replacingOccurrences(of: "AlmanacClient.AnswerMachine.", with: "")
            .replacingOccurrences(
                of: #"\b(Admission|Deadline|Response|Warning|Failure|Refusal|WaitRefusal)\."#, with: ".", options: .regularExpression
            )
            .replacingOccurrences(of: #"Optional\((\.[A-Za-z]+(\([^()]*\))?)\)"#, with: "$1", options: .regularExpression)
            .replacingOccurrences(of: "\(until)", with: "T").replacingOccurrences(of: "\(resets)", with: "R")
    }
}
