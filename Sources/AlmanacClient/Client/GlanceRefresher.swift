import AlmanacCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The detached process that refreshes a status-bar glance's stale answers after the glance has
/// printed them (docs/architecture.md §4, "Glances"): the same command line, run again with
/// `ALMANAC_REFRESHER=1` in its own session, its output thrown away. Its only effect is the
/// cache: the next glance shows what it fetched. It sends a request only when it can take the
/// resource's lock at once, so one refresher a resource runs at a time, bounded by `--timeout`.
package enum GlanceRefresher {
    /// Set in the refresher's environment; never by a user.
    package static let variable = "ALMANAC_REFRESHER"

    /// Starts the refresher for this run's command line; false when it could not be started.
    @discardableResult
    package static func start(arguments: [String] = CommandLine.arguments) -> Bool {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // Nothing else of the glance's: a bar (or a test harness) that waits for the end of a pipe
        // or socket the glance inherited must not wait for the refresher too.
        for descriptor in openDescriptors() where descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        // Its own session: a bar that kills the glance's process group leaves the refresher alone.
        #if os(Linux)
            posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID (glibc 2.26+), not imported as a constant
        #else
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSID))  // 0x80 is "start suspended" on Darwin
        #endif
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = "1"
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        return posix_spawn(&child, "/proc/self/exe", &actions, &attributes, argv, envp) == 0
    }

    /// The descriptors open in this process now (`/proc/self/fd`, less the one that listed it).
    private static func openDescriptors() -> [Int32] {
        let listed = (DirectoryNames.list(atPath: "/proc/self/fd") ?? []).compactMap { Int32($0) }
        return listed.filter { fcntl($0, F_GETFD) != -1 }
    }
}
