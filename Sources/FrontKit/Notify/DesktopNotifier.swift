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

    package var description: String {
        switch self {
        case .cannotRun(let command, let reason):
            "\(command) could not be run (\(reason)); install it (Debian: libnotify-bin) or name another with ALMANAC_NOTIFY_COMMAND. "
                + "What was not sent is tried again next run."
        case .failed(let command, let status):
            "\(command) exited with status \(status); what was not sent is tried again next run."
        }
    }
}

/// Sends desktop notifications, each once (docs/architecture.md §5, "Notifications"): through
/// `notify-send` — or the command `ALMANAC_NOTIFY_COMMAND` names, called the same way —
/// remembering what was sent in the state folder (`NotifiedDocument`). The sending runs under
/// that document's lock, so two runs at once (a timer and a cron job) send each item once.
package struct DesktopNotifier: Sendable {
    /// Names the command to run instead of `notify-send`.
    package static let variable = "ALMANAC_NOTIFY_COMMAND"

    let store: DocumentStore<NotifiedDocument>
    let command: String

    package init(configuration: Configuration, console: Console) {
        store = DocumentStore(folder: configuration.paths.state, console: console)
        command = configuration.environment[Self.variable].flatMap { $0.isEmpty ? nil : $0 } ?? "notify-send"
    }

    /// Sends each of `notifications` not sent before as it is now, in order, and remembers it;
    /// returns those sent. When the command fails, what was sent before stays remembered and
    /// the error is thrown (`NotifyError`).
    @discardableResult
    package func send(_ notifications: [DesktopNotification], now: Date) throws -> [DesktopNotification] {
        var failure: NotifyError?
        let sent = try store.update { document -> [DesktopNotification] in
            var sent: [DesktopNotification] = []
            for item in document.unsent(notifications) {
                do { try run(item) } catch let error as NotifyError {
                    failure = error
                    break
                }
                sent.append(item)
            }
            document.remember(sent: sent, seen: notifications, now: now)
            return sent
        }
        if let failure { throw failure }
        return sent
    }

    /// `command --app-name=Almanac --urgency=U SUMMARY BODY`, its output thrown away, waited for.
    func run(_ item: DesktopNotification) throws {
        let arguments = [command, "--app-name=Almanac", "--urgency=\(item.urgency.rawValue)", Self.plain(item.summary), Self.markupSafe(item.body)]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let started = posix_spawnp(&child, command, &actions, nil, argv, environ)
        guard started == 0 else { throw NotifyError.cannotRun(command: command, reason: String(cString: strerror(started))) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1, errno == EINTR {}
        let (code, signal) = ((status >> 8) & 0xFF, status & 0x7F)
        // Killed by a signal: 128 + its number, as shells report it.
        guard signal == 0 else { throw NotifyError.failed(command: command, status: 128 + signal) }
        // 127: "not found", as `env` and wrapper scripts report it.
        if code == 127 { throw NotifyError.cannotRun(command: command, reason: "not found") }
        guard code == 0 else { throw NotifyError.failed(command: command, status: code) }
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
