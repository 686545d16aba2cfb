import Foundation
import XCTest

@testable import TerminalKit

/// The frame log the soak reads: how many frames, the worst, how many over 16 ms, and for the
/// slowest the time the drawing thread actually worked, which tells a busy frame from one that
/// waited for a core.
final class FrameStatsTests: XCTestCase {
    func testTheLogNamesTheSlowFramesWithTheirProcessorTime() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        var stats = FrameStats(file: file)
        stats.add(keys: 0.001, ticks: 0.002, draw: 0.001, thread: ThreadTimes(cpu: 0.004), typed: [.character("r")])
        stats.add(
            keys: 0.0005, ticks: 0.019, draw: 0.0005, thread: ThreadTimes(cpu: 0.002, queued: 0.015, stolen: 0.01), typed: [.character("s"), .enter])
        stats.save()
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.first, "frames=2 worst_ms=20.00 over_16ms=1")
        XCTAssertEqual(lines.count, 2)
        let expected = "slow 20.0 ms, frame 2 (cpu 2.0, queued 15.0, blocked 3.0, cores stolen 10.0): keys/ticks/draw 0.5/19.0/0.5"
        XCTAssertEqual(String(lines[1]), expected + " after [character(\"s\") enter]")
    }

    func testTheDrawingThreadsProcessorTimeGrowsOnlyWithWork() {
        let before = FrameStats.threadCPUTime()
        Thread.sleep(forTimeInterval: 0.05)  // the sleep is what is measured
        let slept = FrameStats.threadCPUTime() - before
        var sink = 0.0
        for index in 0..<3_000_000 { sink += Double(index).squareRoot() }
        let worked = FrameStats.threadCPUTime() - before - slept
        XCTAssertLessThan(slept, 0.02, "sleeping costs no processor time")
        XCTAssertGreaterThan(worked, 0, "\(sink)")
    }
}
