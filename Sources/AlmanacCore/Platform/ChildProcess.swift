import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Starting a child process with `posix_spawn` (docs/architecture.md §5): its input and output
/// on `/dev/null`, the process group or session it runs in, what else of ours it inherits. The
/// one place the program starts a process: the glance refresher and the notifier's command.
package enum ChildProcess {
    /// Where the child runs, as signals reach it.
    package enum Group: Sendable {
        /// A process group of its own: stopping the group stops what it started too.
        case own
        /// A session of its own: a bar that kills our group leaves it alone.
        case session
    }

    /// Starts `arguments[0]` (`path` when given, else found on `PATH`) with `environment` (the
    /// run's when nil: `Invocation`), in the run's folder; standard input and output on
    /// `/dev/null`, standard error too with `quietErrors`; with `closeOthers`, no other descriptor
    /// of ours. The child's pid, or the errno it could not start with.
    package static func start(
        _ arguments: [String], path: String? = nil, environment: [String: String]? = nil, group: Group, quietErrors: Bool, closeOthers: Bool
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for descriptor: Int32 in quietErrors ? [0, 1, 2] : [0, 1] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        if closeOthers { for descriptor in openDescriptors() where descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) } }
        // A run in process starts its children in its own folder, as the binary would be.
        if let folder = Invocation.current?.directory { _ = addChdir?(&actions, folder) }
        setGroup(group, &attributes)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = (environment ?? Invocation.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var child: pid_t = 0
        let started =
            if let path { posix_spawn(&child, path, &actions, &attributes, argv, envp) } else {
                posix_spawnp(&child, arguments[0], &actions, &attributes, argv, envp)
            }
        guard started == 0 else { throw POSIXErrorCode(rawValue: started).map { POSIXError($0) } ?? POSIXError(.EINVAL) }
        return child
    }

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29+), which its module does not import.
    private static let addChdir: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np").map {
            unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
        }

    private static func setGroup(_ group: Group, _ attributes: inout posix_spawnattr_t) {
        switch group {
        case .own:
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        case .session:
            #if os(Linux)
                posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID (glibc 2.26+), not imported as a constant
            #else
                posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSID))  // 0x80 is "start suspended" on Darwin
            #endif
        }
    }

    /// The descriptors open in this process now (`/proc/self/fd`, less the one that listed it).
    private static func openDescriptors() -> [Int32] {
        let listed = (DirectoryNames.list(atPath: "/proc/self/fd") ?? []).compactMap { Int32($0) }
        return listed.filter { fcntl($0, F_GETFD) != -1 }
    }
}
