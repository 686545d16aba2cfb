import Foundation
import XCTest

@testable import AlmanacCore
@testable import DealTable

#if canImport(Glibc)
    import Glibc
#endif

/// Pages a buffer is about to write are faulted in on another thread, ahead of the writes and
/// no further, and what is already written is left as it is.
final class PageFaulterTests: XCTestCase {
    #if os(Linux)
        private let page = Int(sysconf(Int32(_SC_PAGESIZE)))

        /// Fresh anonymous memory, not yet touched.
        private func mapped(_ bytes: Int) throws -> UnsafeMutableRawPointer {
            let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            guard let memory, memory != MAP_FAILED else { throw XCTSkip("no memory to map") }
            return memory
        }

        /// Which pages of the range are in memory.
        private func resident(_ start: UnsafeMutableRawPointer, bytes: Int) -> [Bool] {
            var vector = [UInt8](repeating: 0, count: (bytes + page - 1) / page)
            XCTAssertEqual(mincore(start, bytes, &vector), 0)
            return vector.map { $0 & 1 == 1 }
        }

        /// Waits (up to 10 s) for the faulting thread to bring `pages` pages in.
        private func waitForResident(_ start: UnsafeMutableRawPointer, pages: Int) -> [Bool] {
            let deadline = Date().addingTimeInterval(10)
            var state = resident(start, bytes: pages * page)
            while state.contains(false), Date() < deadline {
                usleep(1_000)  // the faulter's thread faults the pages in meanwhile
                state = resident(start, bytes: pages * page)
            }
            return state
        }

        func testPagesAskedForComeInWithTheirContentsKept() throws {
            let bytes = 64 * page
            let memory = try mapped(bytes)
            defer { munmap(memory, bytes) }
            memory.storeBytes(of: 0xA1B2_C3D4_E5F6_0718 as UInt64, as: UInt64.self)
            XCTAssertEqual(resident(memory, bytes: bytes).filter { $0 }.count, 1, "only the written page")
            let faulter = PageFaulter()
            defer { faulter.stop() }
            faulter.populate(UnsafeRawPointer(memory), bytes: bytes)
            XCTAssertTrue(waitForResident(memory, pages: 64).allSatisfy { $0 }, "every page faulted in")
            XCTAssertEqual(memory.load(as: UInt64.self), 0xA1B2_C3D4_E5F6_0718, "the written word kept")
            XCTAssertEqual(memory.load(fromByteOffset: bytes - 8, as: UInt64.self), 0, "the rest still zero")
        }

        /// A buffer first seen faults its first stretch itself (it is mostly a view that just
        /// landed); once writes near the end of that stretch, the next one is asked for, and
        /// nothing past it.
        func testWritesNearingWhatWasAskedForAskForTheNextStretch() throws {
            let stretch = FaultAhead.stretch
            let bytes = 4 * stretch
            let memory = try mapped(bytes)
            defer { munmap(memory, bytes) }
            let faulter = PageFaulter()
            defer { faulter.stop() }
            faulter.start()
            var ahead = FaultAhead()
            ahead.wrote(page, capacity: bytes, base: UnsafeRawPointer(memory), faulter: faulter)
            ahead.wrote(2 * page, capacity: bytes, base: UnsafeRawPointer(memory), faulter: faulter)  // still far from its end
            usleep(20_000)  // real time: the faulter would have faulted by now
            XCTAssertFalse(resident(memory, bytes: stretch).contains(true), "the first stretch is left to the writes")
            ahead.wrote(page + stretch / 2 + page, capacity: bytes, base: UnsafeRawPointer(memory), faulter: faulter)
            let next = memory + page + stretch
            XCTAssertTrue(waitForResident(next, pages: stretch / page).allSatisfy { $0 }, "the next stretch")
            usleep(20_000)  // real time: the faulter would have faulted by now
            XCTAssertFalse(resident(memory + 3 * stretch, bytes: stretch).contains(true), "nothing past what was asked for")
        }

        /// A stopped faulter (its store is gone) faults nothing more in.
        func testAStoppedFaulterFaultsNothing() throws {
            let bytes = 64 * page
            let memory = try mapped(bytes)
            defer { munmap(memory, bytes) }
            let faulter = PageFaulter()
            faulter.start()
            faulter.stop()
            faulter.populate(UnsafeRawPointer(memory), bytes: bytes)
            usleep(50_000)  // real time: nothing may fault in after stop
            XCTAssertFalse(resident(memory, bytes: bytes).contains(true), "nothing faulted in after stop")
        }
    #endif
}
