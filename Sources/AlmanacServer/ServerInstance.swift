import AlmanacCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one server of an `ALMANAC_HOME`: an exclusive `flock` on `serve.lock` in the state folder,
/// held while the process lives, and `serve.json` beside it naming its pid and address (what a
/// second server's refusal says, and where a glance finds it).
package final class ServerInstance: Sendable {
    private let descriptor: Int32
    private let recordFile: URL

    /// Claims the home for this process, serving at `address` (`http://127.0.0.1:8017`).
    package init(state: URL, address: String) throws(ServeError) {
        let lock = state.appendingPathComponent("serve.lock")
        recordFile = state.appendingPathComponent("serve.json")
        do { try AtomicFile.ensureFolder(state) } catch { throw .cannotClaim(state.path) }
        descriptor = open(lock.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotClaim(lock.path) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            let running = (try? Data(contentsOf: recordFile)).flatMap(JSONValue.parse) ?? .null
            throw .alreadyRunning(pid: running["pid"]?.intValue, address: running["address"]?.stringValue)
        }
        record(address: address)
    }

    /// Writes the record: this process and the address it serves at.
    package func record(address: String) {
        let document: JSONValue = .object([("pid", .int(Int(getpid()))), ("address", .string(address))])
        try? AtomicFile.write(document.encoded(), to: recordFile, durable: false)
    }

    /// Gives the home back: the record goes, then the lock.
    package func release() {
        try? FileManager.default.removeItem(at: recordFile)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

/// Why `almanac serve` stops before it serves: one line, and its exit code.
package enum ServeError: Error, CustomStringConvertible {
    case alreadyRunning(pid: Int?, address: String?)
    case cannotClaim(String)
    case cannotListen(address: String, reason: String)

    package var description: String {
        switch self {
        case .alreadyRunning(let pid, let address):
            "almanac serve is already running for this ALMANAC_HOME"
                + " (pid \(pid.map(String.init) ?? "unknown"), \(address ?? "address unknown")); one server serves every bar."
        case .cannotClaim(let path): "Could not claim \(path) for the server."
        case .cannotListen(let address, let reason): "Could not listen on \(address): \(reason)."
        }
    }

    /// 75 (`EX_TEMPFAIL`) for a server already running; 69 for the rest.
    package var exitStatus: Int32 {
        if case .alreadyRunning = self { return 75 }
        return 69
    }
}
