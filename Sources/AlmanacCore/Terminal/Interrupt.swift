import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl+C in a line command (docs/architecture.md §5). The first one cancels the command's task,
/// so its transfers stop and it ends as cancelled commands do (exit 130, "interrupted"); during a
/// prompt's read (`whileReading`), which no cancellation reaches, it ends the process at once
/// with the same line and 130; a second one, or a command still running `grace` seconds later,
/// ends the process at once, with 130. The full-screen views read Ctrl+C as a key instead.
package enum Interrupt {
    /// Seconds a cancelled command has to end before the process does.
    package static let grace: TimeInterval = 1.5

    /// The pipe's write end the SIGINT handler writes to (a handler can capture nothing).
    nonisolated(unsafe) private static var pipeWrite: Int32 = -1
    private static let pressed = Atomic(false)
    /// True while a prompt waits for a line (`whileReading`).
    private static let reading = Atomic(false)

    /// `read` (a prompt's line from stdin), during which Ctrl+C ends the process at once with
    /// "almanac: interrupted" and 130.
    package static func whileReading<T>(_ read: () -> T) -> T {
        reading.store(true, ordering: .releasing)
        defer { reading.store(false, ordering: .releasing) }
        if pressed.load(ordering: .acquiring) { endInterrupted() }  // pressed just before the prompt
        return read()
    }

    /// "almanac: interrupted" on stderr, then exit 130 at once.
    private static func endInterrupted() -> Never {
        let line = "\nalmanac: interrupted\n"
        _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        _exit(130)
    }

    /// True once Ctrl+C was pressed during this run.
    package static var happened: Bool { pressed.load(ordering: .acquiring) }

    /// From now on the first SIGINT calls `cancel` (on a thread of its own).
    package static func install(_ cancel: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        pipeWrite = ends[1]
        _ = signal(SIGINT) { _ in
            var byte: UInt8 = 1
            _ = write(Interrupt.pipeWrite, &byte, 1)
        }
        let readEnd = ends[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            guard read(readEnd, &byte, 1) == 1 else { return }
            pressed.store(true, ordering: .releasing)
            if reading.load(ordering: .acquiring) { endInterrupted() }
            cancel()
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, Int32(grace * 1000))  // a second Ctrl+C, or the grace running out
            _exit(130)
        }
    }
}
