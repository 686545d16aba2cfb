import AlmanacTestSupport
import Foundation
import XCTest

@testable import AlmanacCore
@testable import AlmanacHTTP
@testable import AlmanacProviders

final class DealsCommandTests: XCTestCase {
    func testTopPrintsSortedRoundedRows() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["deals", "top", "--count", "20000", "--sort", "price", "--limit", "3"], home: home, environment: ["TZ": "UTC"])
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n")
        XCTAssertEqual(lines[0], "20,000 deals, sorted by price descending")
        XCTAssertEqual(lines.count, 6)
        XCTAssertTrue(lines[3].contains("XAU/USD_SPT"), result.out)
        let json = try runAlmanac(["deals", "top", "--count", "20000", "--sort", "amount", "--asc", "--limit", "5", "--json"], home: home)
        let rows = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])?["items"] as? [[String: Any]])
        XCTAssertEqual(rows.count, 5)
        let amounts = rows.compactMap { $0["amount"] as? Double }
        XCTAssertEqual(amounts, amounts.sorted())
        for row in rows {
            let price = try XCTUnwrap(row["price"] as? Double)
            XCTAssertEqual(price, (price * 100).rounded() / 100)
            XCTAssertNotNil((row["dateModified"] as? String).flatMap(ISO8601DateFormatter().date(from:)))
            XCTAssertTrue(["buy", "sell"].contains(row["side"] as? String ?? ""))
        }
    }

    func testSameSeedSameTable() throws {
        let home = try makeTemporaryFolder(self)
        let arguments = ["deals", "top", "--count", "5000", "--seed", "9", "--sort", "instrument", "--limit", "20", "--json"]
        XCTAssertEqual(try runAlmanac(arguments, home: home).out, try runAlmanac(arguments, home: home).out)
    }

    func testSourceFileWithMalformedLines() throws {
        let home = try makeTemporaryFolder(self)
        let file = home.appendingPathComponent("deals.jsonl")
        try """
        {"id":1,"dateModified":"2026-11-20T10:00:00Z","instrumentName":"EUR/USD_TOD","price":1.08123,"amount":1500.6,"side":"sell"}
        oops
        {"id":2,"dateModified":"2026-11-20T10:00:05Z","instrumentName":"GBP/USD_TOM","price":1.27,"amount":10,"side":"buy"}
        """.write(to: file, atomically: true, encoding: .utf8)
        let result = try runAlmanac(["deals", "top", "--source", file.path, "--json"], home: home)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "warning: skipped 1 malformed line in the source.\n")
        let rows = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])?["items"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["id"] as? Int }, [2, 1])
        XCTAssertEqual(rows[1]["price"] as? Double, 1.08)
        XCTAssertEqual(rows[1]["amount"] as? Double, 1501)
        assertOneLineError(
            try runAlmanac(["deals", "top", "--source", home.appendingPathComponent("missing.jsonl").path], home: home),
            status: 1, contains: "Could not read deals: cannot open")
        assertOneLineError(try runAlmanac(["deals", "top", "--sort", "volume"], home: home), status: 64, contains: "--sort must be")
        assertOneLineError(try runAlmanac(["deals", "browse", "--count", "10"], home: home), status: 1, contains: "needs a terminal")
    }

    /// The full-screen browser in a real terminal: scrolling, sort switch, flip, follow/pause, clean exit.
    func testBrowseInTmux() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
        else {
            throw XCTSkip("tmux is not installed (make test installs it)")
        }
        let home = try makeTemporaryFolder(self)
        let script = repositoryFixtures.deletingLastPathComponent().appendingPathComponent("scripts/browse-in-tmux.sh")
        let output = home.appendingPathComponent("screens.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path, productsFolder.appendingPathComponent("almanac").path, home.path]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        var screens: [String: String] = [:]
        var current = ""
        for line in try String(contentsOf: output, encoding: .utf8).components(separatedBy: "\n") {
            if line.hasPrefix("=== STEP ") {
                current = String(line.dropFirst(9))
                continue
            }
            screens[current, default: ""] += line + "\n"
        }
        let start = try XCTUnwrap(screens["start"])
        XCTAssertTrue(start.contains("sorted by Date modified ▼ descending · FOLLOW"), start)
        XCTAssertTrue(start.contains("rows 1–"), start)
        let scrolled = try XCTUnwrap(screens["scrolled"])
        XCTAssertTrue(scrolled.contains("PAUSED"), scrolled)
        XCTAssertFalse(scrolled.contains("rows 1–"), "scrolled away from the top: \(scrolled)")
        // While paused, the rows under the cursor stay put even though deals keep arriving.
        let firstRow = { (screen: String) in screen.split(separator: "\n").dropFirst(3).first.map(String.init) }
        XCTAssertEqual(firstRow(scrolled), firstRow(try XCTUnwrap(screens["paused-later"])))
        XCTAssertTrue(try XCTUnwrap(screens["paused-later"]).contains(" new"), "a counter of new deals while paused")
        XCTAssertTrue(try XCTUnwrap(screens["price"]).contains("sorted by Price ▼ descending"))
        XCTAssertTrue(try XCTUnwrap(screens["flipped"]).contains("sorted by Price ▲ ascending"))
        let follow = try XCTUnwrap(screens["follow"])
        XCTAssertTrue(follow.contains("FOLLOW") && follow.contains("rows 1–"), follow)
        let quit = try XCTUnwrap(screens["quit"])
        XCTAssertTrue(quit.contains("EXIT=0"), quit)
        XCTAssertFalse(quit.contains("Deals ·"), "the alternate screen is gone")
        let before = try String(contentsOf: home.appendingPathComponent("stty-before.txt"), encoding: .utf8)
        let after = try String(contentsOf: home.appendingPathComponent("stty-after.txt"), encoding: .utf8)
        XCTAssertEqual(before, after, "terminal settings restored")
    }
}
