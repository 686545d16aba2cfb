import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl+C in a line command (docs/architecture.md §5). The first one cancels the command's task,
/// so its transfers stop and it ends as cancelled commands do (exit 130, "interrupted"); a second
/// one, or a command still running `grace` seconds later (one blocked reading its input), ends
/// the process at once, with 130. The full-screen views read Ctrl+C as a key instead.
package enum Interrupt {
    /// Seconds a cancelled command has to end before the process does.
    package static let grace: TimeInterval = 1.5

    /// The pipe's write end the SIGINT handler writes to (a handler can capture nothing).
    nonisolated(unsafe) private static var pipeWrite: Int32 = -1
    private static let pressed = Atomic(false)

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
            cancel()
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, Int32(grace * 1000))  // a second Ctrl+C, or the grace running out
            _exit(130)
        }
    }
}
