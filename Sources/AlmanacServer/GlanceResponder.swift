import AlmanacCore
import AlmanacProgram
import FlyingFox
import Foundation

/// Answers the glances `almanac` forwards over the server's Unix socket (`ServedGlance`):
/// `POST /glance` with the arguments, the variables the text depends on and whether its output
/// is a terminal; the answer is the run's output, errors and exit code as JSON. One log line each.
struct GlanceResponder: HTTPHandler {
    let runs: ServerRuns
    let verbose: Bool

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .POST, request.path == "/glance", let asked = AlmanacCore.JSONValue.parse(try await request.bodyData),
            case .array(let words)? = asked["arguments"]
        else { return HTTPResponse(statusCode: .badRequest) }
        let started = ContinuousClock.now
        let arguments = words.compactMap(\.stringValue)
        var variables: [String: String] = [:]
        if case .object(let given)? = asked["environment"] {
            for (name, value) in given where ServedGlance.forwarded.contains(name) { variables[name] = value.stringValue }
        }
        let output = await runs.run(arguments, variables: variables, terminal: asked["terminal"] == .bool(true))
        let milliseconds = Int((ContinuousClock.now - started) / .milliseconds(1))
        let said = verbose ? arguments.joined(separator: " ") : arguments.first ?? ""
        Console.write("glance \(said) → \(output.status) \(milliseconds) ms\n", to: STDERR_FILENO)
        let answer: AlmanacCore.JSONValue = .object([
            ("status", .int(Int(output.status))), ("out", .string(output.out)), ("err", .string(output.err)),
        ])
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: answer.encoded())
    }
}
