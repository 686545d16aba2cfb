import AlmanacClient
import AlmanacCore
import AlmanacHTTP
import AlmanacTestSupport
import Foundation
import XCTest

@testable import DealTable
@testable import Deals
@testable import DealsFront
@testable import TerminalKit
@testable import TestHarness

final class DealsCommandTests: XCTestCase {
    func testTopPrintsSortedRowsRoundedInTheTableOnly() throws {
        let home = try makeTemporaryFolder(self)
        let result = try runAlmanac(["deals", "top", "--count", "20000", "--sort", "price", "--limit", "3"], home: home, environment: ["TZ": "UTC"])
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n")
        XCTAssertEqual(lines[0], "20,000 deals, sorted by price descending")
        XCTAssertEqual(lines.count, 7)
        XCTAssertTrue(lines[3].contains("XAU/USD_SPT"), result.out)
        XCTAssertTrue(lines[6].hasPrefix("bought ") && lines[6].contains(" · sold "), "the totals close the table: \(lines[6])")
        // Prices at the quotes' five decimals, amounts grouped: a row reads as the filter compares it.
        for row in lines[3...5] {
            XCTAssertNotNil(row.range(of: #" \d[\d,]*\.\d{5} "#, options: .regularExpression), "five decimals: \(row)")
            XCTAssertNotNil(row.range(of: #" \d{1,3}(,\d{3})+ "#, options: .regularExpression), "a grouped amount: \(row)")
        }
        let json = try runAlmanac(["deals", "top", "--count", "20000", "--sort", "amount", "--asc", "--limit", "5", "--json"], home: home)
        let rows = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])?["items"] as? [[String: Any]])
        XCTAssertEqual(rows.count, 5)
        let amounts = rows.compactMap { $0["amount"] as? Double }
        XCTAssertEqual(amounts, amounts.sorted())
        for row in rows {
            XCTAssertNotNil(row["price"] as? Double)
            XCTAssertNotNil((row["dateModified"] as? String).flatMap(ISO8601DateFormatter().date(from:)))
            XCTAssertTrue(["buy", "sell"].contains(row["side"] as? String ?? ""))
        }
    }

    /// `--json` is the data: its prices are the stored ones, so the rows a filter keeps are
    /// the rows whose JSON prices pass it (rounded to 0.01, 1.28012 read as 1.28 and broke this).
    func testTheJSONPricesAreTheOnesTheFilterCompares() throws {
        let home = try makeTemporaryFolder(self)
        let all = try runAlmanac(["deals", "top", "--count", "5000", "--limit", "5000", "--json"], home: home)
        let rows = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(all.out.utf8)) as? [String: Any])?["items"] as? [[String: Any]])
        XCTAssertEqual(rows.count, 5000)
        let prices = rows.compactMap { $0["price"] as? Double }
        XCTAssertTrue(prices.contains { $0 != ($0 * 100).rounded() / 100 }, "whole prices, not rounded to cents")
        for floor in ["1.08", "1.28", "151.2"] {
            let filtered = try runAlmanac(["deals", "top", "--count", "5000", "--min-price", floor, "--limit", "0", "--json"], home: home)
            let matched = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(filtered.out.utf8)) as? [String: Any])?["matched"] as? Int)
            XCTAssertEqual(matched, prices.filter { $0 >= Double(floor)! }.count, "--min-price \(floor)")
        }
    }

    /// The seed alone decides the deals; the pace only when they arrive.
    func testThePaceDoesNotChangeTheDeals() throws {
        let home = try makeTemporaryFolder(self)
        let arguments = ["deals", "stats", "--count", "300", "--seed", "5", "--json"]
        let fast = try runAlmanac(arguments, home: home, environment: ["ALMANAC_TODAY": "2026-11-26"])
        let paced = try runAlmanac(arguments + ["--pace", "200"], home: home, environment: ["ALMANAC_TODAY": "2026-11-26"])
        XCTAssertEqual(fast.status, 0, fast.err)
        XCTAssertEqual(fast.out, paced.out)
    }

    func testSameSeedSameTable() throws {
        let home = try makeTemporaryFolder(self)
        let arguments = ["deals", "top", "--count", "5000", "--seed", "9", "--sort", "instrument", "--limit", "20", "--json"]
        let pinned = ["ALMANAC_TODAY": "2026-11-26"]
        XCTAssertEqual(try runAlmanac(arguments, home: home, environment: pinned).out, try runAlmanac(arguments, home: home, environment: pinned).out)
    }

    /// The simulated feed's deals end at the program's clock, as a live feed's would: today's
    /// deals are found by `--since today`.
    func testTheSimulatedFeedEndsToday() throws {
        let home = try makeTemporaryFolder(self)
        let today = try runAlmanac(["deals", "top", "--count", "1000", "--since", "today", "--limit", "1"], home: home)
        XCTAssertTrue(today.out.hasPrefix("1,000 of 1,000 deals match"), today.out)
        let pinned = try runAlmanac(["deals", "top", "--count", "1000", "--limit", "1"], home: home, environment: ["ALMANAC_TODAY": "2026-11-26"])
        XCTAssertTrue(pinned.out.contains("2026-11-26 11:59:"), "noon UTC of the pinned day: \(pinned.out)")
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
        XCTAssertEqual(rows[1]["price"] as? Double, 1.08123, "as the source gave it")
        XCTAssertEqual(rows[1]["amount"] as? Double, 1500.6)
        assertOneLineError(
            try runAlmanac(["deals", "top", "--source", home.appendingPathComponent("missing.jsonl").path], home: home),
            status: 66, contains: "missing.jsonl: there is no such file.")
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

    func testTopFiltersAndTotalsAndRefusesBadFilters() throws {
        let home = try makeTemporaryFolder(self)
        let args = [
            "deals", "top", "--count", "20000", "--instrument", "eur/usd", "--side", "buy", "--min-price", "1.08", "--limit", "500", "--json",
        ]
        let result = try runAlmanac(args, home: home)
        XCTAssertEqual(result.status, 0, result.err)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let items = try XCTUnwrap(root["items"] as? [[String: Any]])
        let matched = try XCTUnwrap(root["matched"] as? Int)
        XCTAssertEqual(root["received"] as? Int, 20_000)
        XCTAssertTrue((1..<20_000).contains(matched))
        XCTAssertEqual(items.count, min(500, matched))
        for item in items {
            XCTAssertTrue((item["instrument"] as? String)?.hasPrefix("EUR/USD") == true)
            XCTAssertEqual(item["side"] as? String, "buy")
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(item["price"] as? Double), 1.08)
        }
        let totals = try XCTUnwrap(root["totals"] as? [String: Any])
        XCTAssertEqual(totals["count"] as? Int, matched)
        XCTAssertEqual((totals["bought"] as? [String: Any])?["count"] as? Int, matched)
        XCTAssertEqual((totals["sold"] as? [String: Any])?["count"] as? Int, 0)
        let one = try runAlmanac(["deals", "top", "--count", "5000", "--instrument", "EUR/USD_TOD", "--json"], home: home)
        let single = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(one.out.utf8)) as? [String: Any])?["totals"] as? [String: Any])
        XCTAssertEqual(single["instrument"] as? String, "EUR/USD_TOD")
        XCTAssertEqual(try XCTUnwrap(single["averagePrice"] as? Double), 1.08, accuracy: 0.01)
        for (flags, words) in [
            (["--side", "hold"], "--side must be buy or sell"), (["--min-price", "abc"], "--min-price"),
            (["--since", "2026-13-01"], "--since must be a date"), (["--min-amount", "5", "--max-amount", "1"], "the amount range is empty"),
            (["--since", "2026-11-21", "--until", "2026-11-20"], "is after --until"),
        ] {
            assertOneLineError(try runAlmanac(["deals", "top", "--count", "10"] + flags, home: home), status: 64, contains: words)
        }
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
