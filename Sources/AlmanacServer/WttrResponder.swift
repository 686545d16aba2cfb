import AlmanacCore
import AlmanacProgram
import FlyingFox
import Foundation

/// Answers every request of `almanac serve` (docs/serve.md): GET and HEAD only (405), URLs and
/// headers within their limits (414, 431), then the route's run of the program, in process, as
/// its status and text. One line on stderr per request.
struct WttrResponder: HTTPHandler {
    /// The longest path and query answered, in bytes (longer: 414).
    static let longestTarget = 2048
    /// The most header bytes answered (more: 431).
    static let mostHeaderBytes = 8192

    let runs: ServerRuns
    let verbose: Bool

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let started = ContinuousClock.now
        let (response, note) = await answer(request)
        let milliseconds = Int((ContinuousClock.now - started) / .milliseconds(1))
        let target = String(request.target.rawValue.prefix(200))
        let line = "\(request.method.rawValue) \(target) \(response.statusCode.code) \(milliseconds) ms\(note.map { " — " + $0 } ?? "")"
        Console.write(line + "\n", to: STDERR_FILENO)
        guard request.method == .HEAD else { return response }
        return HTTPResponse(statusCode: response.statusCode, headers: response.headers)
    }

    /// The response, and what the log line adds (the arguments run, with `--verbose`; a refusal's reason).
    private func answer(_ request: HTTPRequest) async -> (HTTPResponse, String?) {
        guard request.method == .GET || request.method == .HEAD else {
            return (Self.text(.methodNotAllowed, "Only GET and HEAD are answered here.\n", allow: true), nil)
        }
        guard request.target.rawValue.utf8.count <= Self.longestTarget else {
            return (Self.text(.uriTooLong, "The URL is longer than \(Self.longestTarget) bytes.\n"), nil)
        }
        let headerBytes = request.headers.keys.reduce(0) { sum, name in
            sum + request.headers.values(for: name).reduce(0) { $0 + name.rawValue.utf8.count + $1.utf8.count }
        }
        guard headerBytes <= Self.mostHeaderBytes else {
            return (Self.text(.requestHeaderFieldsTooLarge, "The headers are longer than \(Self.mostHeaderBytes) bytes.\n"), nil)
        }
        let route: WttrRoute
        do { route = try WttrRoute.parse(path: request.target.path(), query: request.target.query()) } catch {
            return (Self.text(.badRequest, error.description + "\n"), error.description)
        }
        return await answer(route)
    }

    /// The answer to a route: the help, or the runs of the program it asks for.
    private func answer(_ route: WttrRoute) async -> (HTTPResponse, String?) {
        switch route {
        case .help: return (Self.text(.ok, ServeHelp.text), nil)
        case .run(let arguments, let variables):
            let output = await run(arguments, variables)
            return (Self.response(output), verbose ? arguments.joined(separator: " ") : nil)
        case .prometheus(let arguments, let variables):
            var output = await run(arguments, variables)
            guard output.status == 0 else { return (Self.response(output), nil) }
            output.out = AlmanacCore.JSONValue.parse(Data(output.out.utf8)).flatMap(PrometheusText.render) ?? ""
            var response = Self.response(output)
            response.headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return (response, verbose ? arguments.joined(separator: " ") : nil)
        case .wttrJSON(let place, let hourly):
            return (await wttrJSON(place, hourly: hourly), verbose ? "weather now, forecast, hourly --json -- \(place)" : nil)
        }
    }

    /// `?format=j1`/`j2`: three runs at once (`weather now`, `forecast`, `hourly --hours 48`,
    /// each `--json`) read into wttr.in's JSON; the first run that fails answers as it would alone.
    private func wttrJSON(_ place: String, hourly: Bool) async -> HTTPResponse {
        let named = place.isEmpty ? [] : ["--", place]
        async let now = run(["weather", "now", "--json"] + named, [:])
        async let forecast = run(["weather", "forecast", "--json"] + named, [:])
        async let hours = run(["weather", "hourly", "--hours", "48", "--json"] + named, [:])
        let outputs = await [now, forecast, hours]
        if let failed = outputs.first(where: { $0.status != 0 }) { return Self.response(failed) }
        let documents = outputs.map { AlmanacCore.JSONValue.parse(Data($0.out.utf8)) ?? .null }
        guard let json = WttrJSON(now: documents[0], forecast: documents[1], hourly: documents[2]) else {
            return Self.text(.internalServerError, "The weather's documents lack what wttr.in's JSON is made from.\n")
        }
        return HTTPResponse(
            statusCode: .ok, headers: [.contentType: "application/json"], body: json.document(hourly: hourly).encoded())
    }

    /// The seconds a run for a URL may take on the network (its `--timeout`): an answer, from
    /// the cache or the sample data if need be, comes within the server's handler time.
    static let deadline = 8

    /// A run of `arguments` bounded by `deadline`, with `variables` over the server's environment.
    private func run(_ arguments: [String], _ variables: [String: String]) async -> CapturedRun {
        var bounded = arguments
        bounded.insert("--timeout=\(Self.deadline)", at: arguments.firstIndex(of: "--") ?? arguments.endIndex)
        return await runs.run(bounded, variables: variables)
    }

    /// A run's answer: its output (200), or its one line as the status its exit code stands for.
    static func response(_ output: CapturedRun) -> HTTPResponse {
        let sentence = output.err.split(separator: "\n").last.map { String($0.trimmingPrefix("almanac: ")) + "\n" } ?? ""
        switch output.status {
        case 0: return text(.ok, output.out)
        case 64: return text(output.placeNotFound ? .notFound : .badRequest, sentence)
        case 69, 75: return text(.serviceUnavailable, output.out.isEmpty ? sentence : output.out)
        default: return text(.internalServerError, sentence)
        }
    }

    static func text(_ status: HTTPStatusCode, _ body: String, allow: Bool = false) -> HTTPResponse {
        var headers: HTTPHeaders = [.contentType: "text/plain; charset=utf-8"]
        if allow { headers[HTTPHeader("Allow")] = "GET, HEAD" }
        return HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8))
    }
}

/// `/:help`: what the server answers.
enum ServeHelp {
    static let text = """
        almanac serve — wttr.in's URLs, answered by Almanac from its cache, the providers and sample data.

            /                     the default city's weather now
            /Oslo                 a place's weather now (spaces as +: /New+York)
            /59.91,10.75          coordinates
            /~Eiffel+Tower        a landmark or any name the geocoder knows
            /Oslo?format=3        wttr.in's one-line presets 1 to 4
            /Oslo?format=%l:+%c+%t  a template of glance codes (almanac help weather now)
            /Oslo?format=p1       the weather now for Prometheus (one gauge per value)
            /Oslo?format=j1       wttr.in's JSON: now and three days, eight slots a day (j2: no slots)
            /Oslo?m  ?u  ?M       metric with km/h, USCS (°F, mph), wind in m/s
            /Oslo?lang=de         the providers' descriptions in that language
            /:help                this text

        Status: 200 the answer; 400 a bad code or option; 404 no such place; 503 the providers
        and the cache have nothing for it. Only GET and HEAD.

        """
}
