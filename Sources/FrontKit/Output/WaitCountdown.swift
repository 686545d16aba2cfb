import AlmanacClient
import AlmanacCore
import Foundation
import Synchronization
import TerminalKit

/// How the command line shows a wait a send policy asked for: a countdown on a terminal's status
/// line, one note a wait when stderr is piped.
package enum WaitCountdown {
    /// The reporter a run's waits are shown by (`PolicyWaits.onWait`): it draws on `console`.
    package static func reporter(console: Console) -> PolicyWaits.Reporter {
        let noted = NoteOnce()
        return { wait in
            guard let wait else {
                noted.reset()
                return console.errIsTerminal ? console.clearStatus() : ()
            }
            if console.errIsTerminal {
                console.status("\(wait.plan); next request in \(wait.secondsLeft) s — Ctrl+C to stop")
            } else if noted.first() {
                console.note("\(wait.plan); next request in \(wait.secondsLeft) s.")
            }
        }
    }

    /// True the first time in each wait.
    private final class NoteOnce: Sendable {
        private let said = Atomic(false)
        func first() -> Bool { !said.exchange(true, ordering: .acquiringAndReleasing) }
        func reset() { said.store(false, ordering: .releasing) }
    }
}
