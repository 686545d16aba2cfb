import AlmanacCore
import AlmanacHTTP
import Foundation

/// Sends a descriptor over the live transport: prepares it, retries, logs, maps statuses.
package struct LiveClient: Sendable {
    /// The HTTP transport (curl in the program, a fake or loopback server in tests).
    package var transport: any HTTPTransport
    /// Keys and base URLs.
    package var configuration: Configuration
    /// How transient failures are retried.
    package var retry: RetryPolicy
    /// Where `--verbose` request lines go (keys redacted).
    package var console: Console
    /// Sees every answer before it is mapped (the Twelve Data credit budget); nil by default.
    package var observer: (any ResponseObserver)?

    /// A live client over `transport`.
    package init(
        transport: any HTTPTransport, configuration: Configuration, retry: RetryPolicy = .init(), console: Console,
        observer: (any ResponseObserver)? = nil
    ) {
        self.transport = transport
        self.configuration = configuration
        self.retry = retry
        self.console = console
        self.observer = observer
    }

    /// Sends the request; returns a 2xx or 304 response, or throws `APIError` / `TransportError`.
    package func send(_ descriptor: RequestDescriptor, extraHeaders: [String: String] = [:]) async throws -> HTTPResponse {
        var descriptor = descriptor
        descriptor.headers.merge(extraHeaders) { _, new in new }
        let provider = descriptor.provider
        let prepared = try RequestPreparer.prepare(
            descriptor, baseURL: configuration.baseURL(for: provider), key: configuration.key(for: provider),
            options: configuration.transport)
        var request = prepared
        var attempt = 0
        while true {
            do {
                // --timeout bounds the whole command: each attempt gets what is left of it.
                guard let options = configuration.transportNow() else {
                    throw TransportError.timeout(host: request.host, seconds: configuration.transport.totalTimeout)
                }
                request.options = options
                let response = try await transport.send(request)
                log(request, response)
                observer?.observe(response, for: descriptor)
                if response.isSuccess || response.status == 304 { return response }
                let error = Self.error(for: response, descriptor: descriptor, request: request)
                guard let wait = retryDelay(for: response, error: error, attempt: attempt, method: descriptor.method, provider: provider) else {
                    if response.status == 429, let after = response.retryAfter(), after > 0 {
                        // Remembered for every run; DataClient (and the doctor) check it before sending.
                        ProviderPause(stateFolder: configuration.paths.state).pause(provider, until: Date().addingTimeInterval(after))
                    }
                    throw error
                }
                attempt += 1
                console.debug("retrying \(request.displayTarget) in \(DecimalText.fixed(wait, 1)) s (HTTP \(response.status))")
                await retry.sleep(wait)
            } catch let error as TransportError {
                console.debug("\(request.method.rawValue) \(request.displayTarget) failed: \(error)")
                guard error.isRetryable, descriptor.method.isIdempotent, attempt < retry.maxRetries else { throw commandTimeout(error) }
                attempt += 1
                await retry.sleep(retry.backoff(attempt: attempt))
            }
        }
    }

    /// A time-out cut short by the command's deadline, said as the command's limit (`--timeout`),
    /// not as the little that was left for the last attempt.
    private func commandTimeout(_ error: TransportError) -> TransportError {
        guard configuration.deadline != nil, case .timeout(let host, _) = error else { return error }
        return .timeout(host: host, seconds: configuration.transport.totalTimeout)
    }

    private func retryDelay(for response: HTTPResponse, error: APIError, attempt: Int, method: HTTPMethod, provider: Provider) -> TimeInterval? {
        guard method.isIdempotent, attempt < retry.maxRetries else { return nil }
        switch response.status {
        case 429:
            // Without Retry-After, a plan whose credits are spent gains nothing from a quick retry.
            guard let after = response.retryAfter() else {
                return provider.spendsAllowance || configuration.noWait ? nil : retry.backoff(attempt: attempt + 1)
            }
            // Honoured: a wait up to a minute, unless the run may not wait; longer, no wait at all.
            return !configuration.noWait && after <= retry.rateLimitWaitCap ? after : nil
        case 500...599:
            if let after = response.retryAfter(), after <= retry.retryAfterCap { return after }
            return retry.backoff(attempt: attempt + 1)
        default:
            return nil
        }
    }

    private func log(_ request: PreparedRequest, _ response: HTTPResponse) {
        console.debug(
            "\(request.method.rawValue) \(request.displayTarget) → \(response.status), \(response.body.count) bytes, "
                + "\(Int(response.elapsed * 1000)) ms")
    }

    /// Maps a non-2xx response to an `APIError` (no body, no key in the text).
    package static func error(for response: HTTPResponse, descriptor: RequestDescriptor, request: PreparedRequest) -> APIError {
        let provider = descriptor.provider
        let message = ProviderMessage.extract(from: response.body, secrets: request.secrets)
        switch response.status {
        case 401, 403: return .unauthorized(provider: provider, status: response.status, message: message)
        case 404: return .notFound(provider: provider, request: descriptor.what, message: message)
        case 400, 422: return .badRequest(provider: provider, message: message)
        case 429: return .rateLimited(provider: provider, retryAfter: response.retryAfter())
        case 500...599: return .server(provider: provider, status: response.status)
        default: return .status(provider: provider, status: response.status, message: message)
        }
    }
}
