import AlmanacClient
import AlmanacCore
import AlmanacProgram
import ArgumentParser
import FlyingFox
import FlyingSocks
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// `almanac-server`, which `almanac serve` becomes: claims the home, listens, answers until
/// SIGTERM or SIGINT, then lets the answers in flight finish (docs/architecture.md §10).
package enum ServerMain {
    /// Runs the server with the process's arguments; returns the exit code.
    package static func run() async -> Int32 {
        // Two malloc arenas, not eight a core: each run takes a thread of its own, and an arena
        // a thread kept the resident memory climbing under load (docs/benchmarks.md, "Serve").
        _ = mallopt(-8, 2)  // M_ARENA_MAX
        let options: ServeOptions
        do { options = try ServeOptions.parse(Array(CommandLine.arguments.dropFirst())) } catch {
            let code = ServeOptions.exitCode(for: error)
            let message = code == .success ? ServeOptions.fullMessage(for: error) : "almanac serve: " + ServeOptions.message(for: error)
            Console.write(message + "\n", to: code == .success ? STDOUT_FILENO : STDERR_FILENO)
            return code.rawValue
        }
        do {
            try await serve(options)
            return 0
        } catch let error as ServeError {
            Console.write("almanac serve: \(error)\n", to: STDERR_FILENO)
            return error.exitStatus
        } catch {
            Console.write("almanac serve: \(error)\n", to: STDERR_FILENO)
            return 69
        }
    }

    private static func serve(_ options: ServeOptions) async throws {
        let environment = ProcessInfo.processInfo.environment
        let wanted = "http://\(options.address):\(options.port)"
        let instance = try ServerInstance(state: Paths.resolve(Environment(environment)).state, address: wanted)
        defer { instance.release() }
        if !["127.0.0.1", "::1", "localhost"].contains(options.address) {
            Console.write(
                "almanac serve: WARNING: listening on \(options.address), not loopback: anyone who reaches it reads the weather through your keys.\n",
                to: STDERR_FILENO)
        }
        // `almanac` beside this program (the glance refresher a run starts).
        let almanac = URL(fileURLWithPath: Invocation.executablePath ?? CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("almanac").path
        let runs = ServerRuns(environment: environment, executablePath: almanac)
        let server = try urlServer(options, WttrResponder(runs: runs, verbose: options.verbose))
        let socket = ServeSocket.path { environment[$0] }
        let glances = try glanceServer(at: socket, GlanceResponder(runs: runs, verbose: options.verbose))
        defer { unlink(socket) }
        let announce = Task {
            try await server.waitUntilListening()
            try await glances.waitUntilListening()
            chmod(socket, 0o600)  // the user's own glances only
            guard case .ip4(let host, let port) = await server.listeningAddress else { return }
            instance.record(address: "http://\(host):\(port)")
            Console.write(
                "almanac serve: listening on http://\(host):\(port) and \(socket) (pid \(getpid())); SIGTERM or Ctrl+C stops it.\n",
                to: STDERR_FILENO)
        }
        var services: [any Service] = [ServerService(server: server), ServerService(server: glances), WorldWatch(runs: runs)]
        if options.notify { services.append(NotifierService.announced(environment: environment, executablePath: almanac, verbose: options.verbose)) }
        let group = ServiceGroup(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "almanac-server"))
        do { try await group.run() } catch { throw ServeError.cannotListen(address: wanted, reason: Self.reason(error)) }
        announce.cancel()
        Console.write("almanac serve: stopped.\n", to: STDERR_FILENO)
    }
}

extension ServerMain {
    /// The seconds FlyingFox gives a request's handler: a URL's runs are bounded by
    /// `WttrResponder.deadline` within it. No longer: FlyingFox times each request with a sleeping
    /// task, and a cancelled sleep's timer still holds its memory and wakes the process when its
    /// time comes, so each second here is a second of requests' timers held after a burst
    /// (docs/benchmarks.md, "Serve").
    static let handlerTime: TimeInterval = 10

    /// wttr.in's URLs' server on `--listen`'s address and `--port`.
    fileprivate static func urlServer(_ options: ServeOptions, _ responder: WttrResponder) throws -> HTTPServer {
        do {
            return HTTPServer(
                address: try sockaddr_in.inet(ip4: options.address, port: UInt16(options.port)), timeout: handlerTime, logger: .disabled,
                handler: responder)
        } catch { throw ServeError.cannotListen(address: "http://\(options.address):\(options.port)", reason: "not an IPv4 address") }
    }

    /// A socket's failure in a person's words: the system's own (`Address already in use`).
    fileprivate static func reason(_ error: any Error) -> String {
        guard case SocketError.failed(_, _, let message) = error else { return "\(error)" }
        return message.prefix(1).lowercased() + message.dropFirst()
    }

    /// The glances' server on the Unix socket at `path` (its folder made, a socket left by a
    /// server that died removed: this process holds the home's lock).
    fileprivate static func glanceServer(at path: String, _ responder: GlanceResponder) throws -> HTTPServer {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw ServeError.cannotListen(address: path, reason: "its folder cannot be made")
        }
        guard path.utf8.count < 108 else { throw ServeError.cannotListen(address: path, reason: "the path is longer than a socket's 107 bytes") }
        unlink(path)
        return HTTPServer(address: sockaddr_un.unix(path: path), timeout: Self.handlerTime, logger: .disabled, handler: responder)
    }
}

/// The HTTP server as a service of the process's life: runs until a shutdown signal, then stops
/// taking connections, lets the connections in flight finish their answers, and gives its
/// listener 1 s to wind down.
struct ServerService: Service {
    let server: HTTPServer

    func run() async throws {
        let stopping = Atomic(false)
        try await withGracefulShutdownHandler {
            do { try await server.run() } catch {
                // Once stopping, the listener's end (cancelled, or its socket closed) is the way it ends.
                if !stopping.load(ordering: .acquiring) { throw error }
            }
        } onGracefulShutdown: {
            stopping.store(true, ordering: .releasing)
            Task { await server.stop(timeout: 1) }
        }
    }
}

/// glibc's `mallopt(3)` (malloc.h, which the Glibc module does not bring in).
@_silgen_name("mallopt")
private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
