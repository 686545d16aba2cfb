import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacProviders
import AlmanacTestSupport
import Foundation
import Synchronization
import XCTest

@testable import DealTable
@testable import Deals
@testable import DealsFront
@testable import TestHarness

/// `deals browse` in a real terminal (tmux) and `deals export` read back by a CSV reader,
/// through the built binary.
final class DealsBrowseTests: XCTestCase {
    /// The full-screen browser in a real terminal: scrolling, sort switch, flip, follow/pause, clean exit.
    func testBrowseInTmux() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
        else {
            throw XCTSkip("tmux is not installed (make test installs it)")
        }
        let home = try makeTemporaryFolder(self)
        let screens = try tmuxScreens("scripts/browse-in-tmux.sh", home: home, arguments: [])
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
        // Quitting during an export waits for the file and then says what became of it.
        XCTAssertNotNil(quit.range(of: #"Exported [\d,]+ rows to .*deals-.*\.csv\."#, options: .regularExpression), quit)
        let before = try String(contentsOf: home.appendingPathComponent("stty-before.txt"), encoding: .utf8)
        let after = try String(contentsOf: home.appendingPathComponent("stty-after.txt"), encoding: .utf8)
        XCTAssertEqual(before, after, "terminal settings restored")
    }

    func testExportRoundTripsThroughACSVReaderAndNeverOverwrites() throws {
        let home = try makeTemporaryFolder(self)
        let source = home.appendingPathComponent("deals.jsonl")
        let names = [#"EUR,USD \"odd\""#, "plain", "comma,only", #"quote\"only"#, "ünïcode ✓"]
        let lines = (0..<50).map { number in
            #"{"id":\#(number + 1),"dateModified":\#(1_795_000_000 + number),"instrumentName":"\#(names[number % names.count])","price":\#(1 + Double(number) / 1000),"amount":\#(number * 10 + 1),"side":"\#(number % 3 == 0 ? "buy" : "sell")"}"#
        }
        try (lines.joined(separator: "\n") + "\n").write(to: source, atomically: true, encoding: .utf8)
        let file = home.appendingPathComponent("out.csv")
        let export = ["deals", "export", "--source", source.path, "--to", file.path, "--sort", "price", "--asc", "--side", "sell"]
        let first = try runAlmanac(export, home: home)
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertTrue(first.out.contains("Wrote 33 of 50 deals"), first.out)
        let reader = "import csv,json,sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))"
        let parsed = try runProcess("/usr/bin/env", ["python3", "-c", reader, file.path])
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [[String]])
        XCTAssertEqual(rows.first, ["id", "dateModified", "instrument", "price", "amount", "side"])
        let expected = (0..<50).filter { $0 % 3 != 0 }.map { number in
            [
                String(number + 1), DealJSON.iso.format(Date(timeIntervalSince1970: Double(1_795_000_000 + number))),
                names[number % names.count].replacingOccurrences(of: #"\""#, with: "\""), "\(1 + Double(number) / 1000)", String(number * 10 + 1),
                "sell",
            ]
        }
        XCTAssertEqual(Array(rows.dropFirst()), expected, "every field back as it went in, in price order")
        let before = try Data(contentsOf: file)
        assertOneLineError(try runAlmanac(export, home: home), status: 73, contains: "already exists")
        XCTAssertEqual(try Data(contentsOf: file), before, "the file is untouched")
        let forced = try runAlmanac(export.dropLast(2) + ["--force", "--format", "json"], home: home)
        XCTAssertEqual(forced.status, 0, forced.err)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        XCTAssertEqual((json["items"] as? [Any])?.count, 50)
        assertOneLineError(
            try runAlmanac(["deals", "export", "--count", "10", "--to", home.appendingPathComponent("no/such/out.csv").path], home: home),
            status: 73, contains: "No folder")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [], "no temporary file is left behind")
    }

    /// `/` filter (its syntax, a bad line, a good one), `g` jump, `n`, `e` export and Esc in a
    /// real terminal at 80×24 and 160×50.
    func testFilterJumpAndExportInTmux() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
        else {
            throw XCTSkip("tmux is not installed (make test installs it)")
        }
        var generator = SplitMix64(seed: 7)
        let first = (0..<20).map { DealServer.deal(number: $0, generator: &generator) }
        let filter = try DealFilter.parse("eur/usd side:buy", today: LocalDate(year: 2026, month: 11, day: 20))
        let hidden = try XCTUnwrap(first.first { !filter.matches($0) }).id
        for (width, height) in [(80, 24), (160, 50)] {
            let home = try makeTemporaryFolder(self)
            let screens = try tmuxScreens("scripts/deals-filter-in-tmux.sh", home: home, arguments: ["\(width)", "\(height)", "\(hidden)"])
            let size = "\(width)×\(height)"
            let jump = try XCTUnwrap(screens["jump"], size)
            XCTAssertTrue(jump.contains("Deal 100500 is row"), "\(size): \(jump)")
            XCTAssertTrue(tableRows(jump).first?.trimmingWhitespace().hasPrefix("100500") == true, "\(size): the deal on top: \(jump)")
            XCTAssertTrue(try XCTUnwrap(screens["prompt"]).contains("Filter (? syntax):"), size)
            let syntax = try XCTUnwrap(screens["syntax"])
            XCTAssertTrue(syntax.contains("side:buy") && syntax.contains("since:"), "\(size): \(syntax)")
            let bad = try XCTUnwrap(screens["bad"])
            XCTAssertTrue(bad.contains("Could not read \"price>abc\""), "\(size): \(bad)")
            XCTAssertFalse(bad.contains("filter: "), "\(size): a bad line leaves the filter as it was")
            let filtered = try XCTUnwrap(screens["filtered"])
            XCTAssertTrue(filtered.contains("Deals · filter: eur/usd side:buy ("), "\(size): \(filtered)")
            let rows = tableRows(filtered)
            XCTAssertFalse(rows.isEmpty, "\(size): \(filtered)")
            for row in rows { XCTAssertTrue(row.contains("EUR/USD") && row.contains("buy"), "\(size): \(row)") }
            XCTAssertTrue(try XCTUnwrap(screens["hidden"]).contains("Deal \(hidden) is hidden by the filter"), size)
            XCTAssertTrue(tableRows(try XCTUnwrap(screens["next"])).first?.contains("EUR/USD") == true, size)
            try assertFilteredExport(screens, home: home, size: size)
            let cleared = try XCTUnwrap(screens["cleared"])
            XCTAssertTrue(cleared.contains("Filter cleared.") && !cleared.contains("filter: "), "\(size): \(cleared)")
            XCTAssertTrue(try XCTUnwrap(screens["quit"]).contains("EXIT=0"), size)
            let before = try String(contentsOf: home.appendingPathComponent("stty-before.txt"), encoding: .utf8)
            XCTAssertEqual(before, try String(contentsOf: home.appendingPathComponent("stty-after.txt"), encoding: .utf8), size)
        }
    }

    /// `F` groups, `s` orders them, ↓ and `Enter` open one as a filter, `Esc` back to the groups
    /// then the table, and `I` statistics, in a real terminal at 80×24 and 160×50: nothing
    /// wider than the window, the chosen group always on screen.
    func testGroupsDrillDownAndStatisticsInTmux() throws {
        try requireTmux()
        for (width, height) in [(80, 24), (160, 50)] {
            let home = try makeTemporaryFolder(self)
            let screens = try tmuxScreens("scripts/deals-summary-in-tmux.sh", home: home, arguments: ["\(width)", "\(height)"])
            let size = "\(width)×\(height)"
            for (step, screen) in screens { XCTAssertTrue(screen.split(separator: "\n").allSatisfy { $0.count <= width }, "\(size) \(step)") }
            let groups = try XCTUnwrap(screens["groups"])
            XCTAssertTrue(groups.contains("20 groups of 20,000 deals (of 20,000), by instrument"), "\(size): \(groups)")
            XCTAssertTrue(groups.contains("Deals▼") && groups.contains("s order"), "\(size): \(groups)")
            XCTAssertEqual(groups.contains("Last hour, deals a minute"), width == 160, "\(size): the sparkline when it fits")
            XCTAssertTrue(try XCTUnwrap(screens["ordered"]).contains("Bought▼"), size)
            let chosen = try XCTUnwrap(screens["chosen"]).split(separator: "\n").first { $0.hasPrefix("▶ ") }
            let name = String(try XCTUnwrap(chosen?.dropFirst(2).split(separator: " ").first))
            XCTAssertTrue(try XCTUnwrap(screens["ordered"]).contains("  " + name), "\(size): the second by bought")
            let opened = try XCTUnwrap(screens["opened"])
            XCTAssertTrue(opened.contains("Deals · filter: \(name) ("), "\(size): \(opened)")
            let rows = tableRows(opened)
            XCTAssertFalse(rows.isEmpty, "\(size): \(opened)")
            for row in rows { XCTAssertTrue(row.contains(name), "\(size): \(row)") }
            let back = try XCTUnwrap(screens["back"])
            XCTAssertTrue(back.contains("▶ \(name)") && !back.contains("filter:"), "\(size): back to the groups, unfiltered: \(back)")
            let table = try XCTUnwrap(screens["table"])
            XCTAssertTrue(table.contains("Date modified") && !table.contains("groups of"), "\(size): \(table)")
            let statistics = try XCTUnwrap(screens["statistics"])
            XCTAssertTrue(statistics.contains("Statistics of 20,000 deals") && statistics.contains("Std dev"), "\(size): \(statistics)")
            XCTAssertTrue(try XCTUnwrap(screens["rows"]).contains("Date modified"), size)
            XCTAssertTrue(try XCTUnwrap(screens["quit"]).contains("EXIT=0"), size)
        }
    }

    func testBrowseFollowsTheTapeInTmux() throws {
        try requireTmux()
        let tape = KrakenTapeServer()
        let home = try makeTemporaryFolder(self)
        let path = repositoryFixtures.deletingLastPathComponent().appendingPathComponent("scripts/kraken-tape-in-tmux.sh")
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [path.path, productsFolder.appendingPathComponent("almanac").path, home.path, tape.server.baseURL]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let screens = steps(text)
        let later = try XCTUnwrap(screens["later"])
        XCTAssertEqual(later.split(separator: "\n").filter { $0.contains(" BTC/USD     9") }.count, 6, later)
        XCTAssertTrue(later.contains("received 6 · "), later)
        XCTAssertTrue(later.contains("91,050.00000"), "the trade after the dropped poll: \(later)")
        let price = try XCTUnwrap(screens["price"])
        let prices = price.split(separator: "\n").compactMap { line in
            line.range(of: #"9\d,\d{3}\.00000"#, options: .regularExpression).map { String(line[$0]) }
        }
        XCTAssertEqual(prices.first, "91,050.00000", "sorted by price, highest first: \(price)")
        XCTAssertTrue(screens["quit"]?.contains("EXIT=0") ?? false, screens["quit"] ?? "")
    }

    /// Runs a program and returns what it printed; fails on a non-zero exit.
    private func runProcess(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(decoding: data, as: UTF8.self)
    }

    /// `e` under the filter said so and wrote one CSV file of the filtered rows only.
    private func assertFilteredExport(_ screens: [String: String], home: URL, size: String) throws {
        let export = try XCTUnwrap(screens["export"])
        XCTAssertTrue(export.contains("Exported "), "\(size): \(export)")
        let files = try FileManager.default.contentsOfDirectory(atPath: home.path).filter { $0.hasPrefix("deals-") && $0.hasSuffix(".csv") }
        XCTAssertEqual(files.count, 1, size)
        let csv = try String(contentsOf: home.appendingPathComponent(files[0]), encoding: .utf8).split(separator: "\r\n")
        XCTAssertEqual(csv.first, "id,dateModified,instrument,price,amount,side")
        XCTAssertTrue(csv.dropFirst().allSatisfy { $0.contains("EUR/USD") && $0.hasSuffix(",buy") }, size)
    }

    /// The table's rows on a captured screen: after the title, header and rule, before the last two lines.
    private func tableRows(_ screen: String) -> [String] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst(3).prefix(max(0, lines.count - 6)).filter { !$0.trimmingWhitespace().isEmpty && $0.first != "─" }
            .filter { $0.trimmingWhitespace().first?.isNumber == true }
    }

    /// Runs a tmux script with the binary and `home`, and splits what it printed by step.
    private func tmuxScreens(_ script: String, home: URL, arguments: [String]) throws -> [String: String] {
        let path = repositoryFixtures.deletingLastPathComponent().appendingPathComponent(script)
        let output = home.appendingPathComponent("screens.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [path.path, productsFolder.appendingPathComponent("almanac").path, home.path] + arguments
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
        try? FileManager.default.removeItem(at: output)
        return screens
    }
}
