import AlmanacClient
import AlmanacCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a notification could not be sent. Exit 69; what was not sent is tried again next run.
package enum NotifyError: Error, Equatable, CustomStringConvertible, Sendable {
    case cannotRun(command: String, reason: String)
    case failed(command: String, status: Int32)
    /// Still running at the command's deadline, `seconds` after it started: stopped.
    case overran(command: String, seconds: Int)

    package var description: String {
        switch self {
        case .cannotRun(let command, let reason):
            "\(command) could not be run (\(reason)); install it (Debian: libnotify-bin) or name another with ALMANAC_NOTIFY_COMMAND. "
                + "What was not sent is tried again next run."
        case .failed(let command, let status):
            "\(command) exited with status \(status); what was not sent is tried again next run."
        case .overran(let command, let seconds):
            "\(command) did not finish within the command's time (\(seconds) s) and was stopped; what was not sent is tried again next run."
        }
    }
}

/// Sends desktop notifications, each once (docs/architecture.md §5, "Notifications"): through
/// `notify-send` — or the command `ALMANAC_NOTIFY_COMMAND` names, called the same way —
/// remembering what was sent in the state folder (`NotifiedDocument`). No lock is held while the
/// command runs: under the document's lock a run claims what it will send (until its deadline),
/// sends with the lock let go, each send bounded by the deadline (`OutsideCommand`), then records
/// what was sent and lets its claims go. Two runs at once (a timer and a cron job) send each item
/// once; a run that dies leaves claims that lapse at its deadline.
package struct DesktopNotifier: Sendable {
    /// Names the command to run instead of `notify-send`.
    package static let variable = "ALMANAC_NOTIFY_COMMAND"
    /// Seconds a send always gets, however little of the run's time is left (default 2).
    static let leastSeconds: TimeInterval = 2
    /// Seconds a claim outlives the sending window (default 5).
    static let claimSlack: TimeInterval = 5

    let store: DocumentStore<NotifiedDocument>
    let command: String
    /// The run's deadline; nil: the transport's whole-request time from each send.
    let deadline: RunDeadline?
    /// Seconds a send may take when the run has no deadline.
    let ownSeconds: TimeInterval

    package init(configuration: Configuration, console: Console) {
        store = DocumentStore(folder: configuration.paths.state, console: console)
        command = configuration.environment[Self.variable].flatMap { $0.isEmpty ? nil : $0 } ?? "notify-send"
        deadline = configuration.deadline
        ownSeconds = configuration.transport.totalTimeout
    }

    /// Sends each of `notifications` not sent before as it is now (and not claimed by another run
    /// sending it), in order, and remembers it; returns those sent. When the command fails or
    /// overruns, what was sent before stays remembered and the error is thrown (`NotifyError`);
    /// Ctrl+C throws `CancellationError`.
    @discardableResult
    package func send(_ notifications: [DesktopNotification], now: Date) throws -> [DesktopNotification] {
        // The run's deadline, but never less than `leastSeconds` from now (a chooser answered
        // slowly must not leave the notifier no time at all).
        let until = max(deadline?.at ?? now.addingTimeInterval(ownSeconds), Date().addingTimeInterval(Self.leastSeconds))
        let claimed = try store.update { document -> [DesktopNotification] in
            let mine = document.unclaimed(document.unsent(notifications), at: now)
            // Held past the sending window (a stopped command's grace, the lock's wait), so what
            // was sent is recorded before another run could take the item again.
            document.claim(mine, until: until.addingTimeInterval(Self.claimSlack))
            return mine
        }
        var sent: [DesktopNotification] = []
        var failure: (any Error)?
        for item in claimed {
            do { try run(item, until: until) } catch {
                failure = error
                break
            }
            sent.append(item)
        }
        try store.update { document in
            document.remember(sent: sent, seen: notifications, now: now)
            document.release(claimed)
        }
        if let failure { throw failure }
        return sent
    }

    /// `command --app-name=Almanac --urgency=U SUMMARY BODY`, its output thrown away, waited for
    /// until `until`.
    func run(_ item: DesktopNotification, until: Date) throws {
        let arguments = [command, "--app-name=Almanac", "--urgency=\(item.urgency.rawValue)", Self.plain(item.summary), Self.markupSafe(item.body)]
        let started = Date()
        let outcome: OutsideCommand.Outcome
        do { outcome = try OutsideCommand.run(arguments, until: until) } catch let error as POSIXError {
            throw NotifyError.cannotRun(command: command, reason: String(cString: strerror(error.code.rawValue)))
        }
        switch outcome {
        case .exited(0): return
        // 127: "not found", as `env` and wrapper scripts report it.
        case .exited(127): throw NotifyError.cannotRun(command: command, reason: "not found")
        case .exited(let code), .signalled(let code): throw NotifyError.failed(command: command, status: code)
        case .overran: throw NotifyError.overran(command: command, seconds: max(0, Int(rounding: until.timeIntervalSince(started))))
        }
    }

    /// Provider text with its control characters dropped (newlines kept).
    static func plain(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 == "\n" || !CharacterSet.controlCharacters.contains($0) }))
    }

    /// The body as the notification servers read it: their markup subset's `&`, `<` and `>`
    /// escaped, so provider text shows as written.
    static func markupSafe(_ text: String) -> String {
        plain(text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
