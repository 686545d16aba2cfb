import AlmanacClient
import AlmanacCore
import AlmanacProgram
import ArgumentParser
import FlyingFox
import Foundation
import Logging
import ServiceLifecycle

/// `almanac-server`, which `almanac serve` becomes: claims the home, listens, answers until
/// SIGTERM or SIGINT, then lets the answers in flight finish (docs/architecture.md §10).
package enum ServerMain {
    /// Runs the server with the process's arguments; returns the exit code.
    package static func run() async -> Int32 {
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
        let almanac = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("almanac").path
        let responder = WttrResponder(environment: environment, executablePath: almanac, verbose: options.verbose)
        let server: HTTPServer
        do {
            server = HTTPServer(
                address: try sockaddr_in.inet(ip4: options.address, port: UInt16(options.port)), timeout: 30, logger: .disabled, handler: responder)
        } catch { throw ServeError.cannotListen(address: wanted, reason: "not an IPv4 address") }
        let announce = Task {
            try await server.waitUntilListening()
            guard case .ip4(let host, let port) = await server.listeningAddress else { return }
            instance.record(address: "http://\(host):\(port)")
            Console.write("almanac serve: listening on http://\(host):\(port) (pid \(getpid())); SIGTERM or Ctrl+C stops it.\n", to: STDERR_FILENO)
        }
        let group = ServiceGroup(
            services: [ServerService(server: server)], gracefulShutdownSignals: [.sigterm, .sigint], logger: Logger(label: "almanac-server"))
        do { try await group.run() } catch { throw ServeError.cannotListen(address: wanted, reason: "\(error)") }
        announce.cancel()
        Console.write("almanac serve: stopped.\n", to: STDERR_FILENO)
    }
}

/// The HTTP server as a service of the process's life: runs until a shutdown signal, then stops
/// taking connections, lets the connections in flight finish their answers, and gives its
/// listener 1 s to wind down.
struct ServerService: Service {
    let server: HTTPServer

    func run() async throws {
        try await withGracefulShutdownHandler {
            do { try await server.run() } catch is CancellationError {}  // stopped: the way it ends
        } onGracefulShutdown: {
            Task { await server.stop(timeout: 1) }
        }
    }
}
