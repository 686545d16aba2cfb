import AlmanacCore
internal import CCurl
import Foundation

/// Owns one libcurl easy handle. Not thread-safe: one transfer at a time.
///
/// The handle keeps its connection cache between transfers, so reusing a
/// `CurlEasy` for the same host reuses the TCP connection.
final class CurlEasy {
    private let handle: UnsafeMutableRawPointer

    init() throws {
        CurlGlobal.ensureInitialised()
        guard let handle = curl_easy_init() else {
            throw TransportError.curl(code: -1, reason: "curl_easy_init failed")
        }
        self.handle = handle
    }

    deinit {
        curl_easy_cleanup(handle)
    }

    /// Performs one transfer, following at most `maxRedirects` redirects that `RedirectPolicy`
    /// allows. With `onChunk`, the body is streamed and not kept.
    /// A set `cancellation` aborts it (within about a second) with `CancellationError`.
    func perform(_ request: PreparedRequest, onChunk: ((Data) -> Bool)? = nil, cancellation: OnceFlag? = nil) throws -> HTTPResponse {
        var hop = request
        var followed = 0
        let started = Date()
        while true {
            let (response, location) = try performOne(hop, onChunk: onChunk, cancellation: cancellation)
            guard let location else {
                return HTTPResponse(
                    status: response.status, headers: response.headers, body: response.body, elapsed: Date().timeIntervalSince(started))
            }
            guard followed < request.options.maxRedirects else {
                throw TransportError.tooManyRedirects(host: request.host, limit: request.options.maxRedirects)
            }
            followed += 1
            hop = try RedirectPolicy.next(after: hop, to: location, status: response.status, original: request)
        }
    }

    /// One exchange, redirects not followed: the response, and where it redirects to (curl's
    /// absolute reading of `Location`) when it is a redirect.
    private func performOne(
        _ request: PreparedRequest, onChunk: ((Data) -> Bool)?, cancellation: OnceFlag?
    ) throws -> (HTTPResponse, String?) {
        curl_easy_reset(handle)
        let state = CurlTransferState(maxBytes: request.options.maxResponseBytes, onChunk: onChunk, cancellation: cancellation)
        let headerList = try configure(request, state: state)
        defer { curl_slist_free_all(headerList) }
        let code = withExtendedLifetime(state) { curl_easy_perform(handle) }
        if code != CURLE_OK {
            if code == CURLE_ABORTED_BY_CALLBACK, cancellation?.isRaised == true { throw CancellationError() }
            throw mapError(code, request: request, state: state)
        }
        let status = responseCode()
        let response = HTTPResponse(status: status, headers: state.headers, body: state.body, elapsed: 0)
        return (response, RedirectPolicy.statuses.contains(status) ? redirectURL() : nil)
    }

    private func redirectURL() -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard almanac_easy_getinfo_string(handle, CURLINFO_REDIRECT_URL, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    // MARK: - Options

    private func configure(_ request: PreparedRequest, state: CurlTransferState) throws -> UnsafeMutablePointer<curl_slist>? {
        let options = request.options
        try set(CURLOPT_URL, request.url)
        try set(CURLOPT_NOSIGNAL, 1)
        try set(CURLOPT_PROTOCOLS_STR, "http,https")
        // Redirects are followed one hop at a time by `perform`, each checked by `RedirectPolicy`.
        try set(CURLOPT_FOLLOWLOCATION, 0)
        try set(CURLOPT_SSL_VERIFYPEER, 1)
        try set(CURLOPT_SSL_VERIFYHOST, 2)
        try set(CURLOPT_ACCEPT_ENCODING, "gzip, deflate")
        try set(CURLOPT_CONNECTTIMEOUT_MS, Int(options.connectTimeout * 1000))
        try set(CURLOPT_TIMEOUT_MS, Int(options.totalTimeout * 1000))
        try set(CURLOPT_USERAGENT, options.userAgent)
        if state.onChunk == nil {
            try check(almanac_easy_setopt_off(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maxResponseBytes)))
        }
        switch request.method {
        case .get: try set(CURLOPT_HTTPGET, 1)
        case .head: try set(CURLOPT_NOBODY, 1)
        case .post: try set(CURLOPT_POST, 1)
        }
        let opaque = Unmanaged.passUnretained(state).toOpaque()
        try check(almanac_easy_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteCallback))
        try check(almanac_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, opaque))
        try check(almanac_easy_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION, curlHeaderCallback))
        try check(almanac_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, opaque))
        if state.cancellation != nil {
            try set(CURLOPT_NOPROGRESS, 0)
            try check(almanac_easy_setopt_xferinfo_callback(handle, CURLOPT_XFERINFOFUNCTION, curlProgressCallback))
            try check(almanac_easy_setopt_pointer(handle, CURLOPT_XFERINFODATA, opaque))
        }
        var list: UnsafeMutablePointer<curl_slist>? = nil
        for header in request.headers {
            list = curl_slist_append(list, "\(header.name): \(header.value)")
        }
        if let list { try check(almanac_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, list)) }
        return list
    }

    private func set(_ option: CURLoption, _ value: Int) throws {
        try check(almanac_easy_setopt_long(handle, option, value))
    }

    private func set(_ option: CURLoption, _ value: String) throws {
        // libcurl copies string options (since 7.17), so the temporary C string may go.
        try check(value.withCString { almanac_easy_setopt_string(handle, option, $0) })
    }

    private func check(_ code: CURLcode) throws {
        guard code == CURLE_OK else {
            throw TransportError.curl(code: Int(code.rawValue), reason: String(cString: curl_easy_strerror(code)))
        }
    }

    private func responseCode() -> Int {
        var code = 0
        _ = almanac_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &code)
        return code
    }

    // MARK: - Errors

    private func mapError(_ code: CURLcode, request: PreparedRequest, state: CurlTransferState) -> TransportError {
        let host = request.host
        let options = request.options
        if state.exceededLimit || code == CURLE_FILESIZE_EXCEEDED {
            return .tooLarge(host: host, limit: options.maxResponseBytes)
        }
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST:
            return .hostNotFound(host: host)
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_PROXY:
            return .connectionFailed(host: host, reason: Redactor.scrub(String(cString: curl_easy_strerror(code)), secrets: request.secrets))
        case CURLE_OPERATION_TIMEDOUT:
            var connectTime = 0.0
            _ = almanac_easy_getinfo_double(handle, CURLINFO_CONNECT_TIME, &connectTime)
            return connectTime == 0 && responseCode() == 0
                ? .connectTimeout(host: host, seconds: options.connectTimeout)
                : .timeout(host: host, seconds: options.totalTimeout)
        case CURLE_PARTIAL_FILE:
            return .truncated(host: host)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING:
            return .connectionLost(host: host)
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects(host: host, limit: options.maxRedirects)
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .unsupportedProtocol(host: host)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE:
            return .tls(host: host, reason: String(cString: curl_easy_strerror(code)))
        default:
            return .curl(code: Int(code.rawValue), reason: String(cString: curl_easy_strerror(code)))
        }
    }
}

// MARK: - C callbacks

private let curlWriteCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    pointer, size, count, context in
    guard let pointer, let context else { return 0 }
    let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    return state.appendBody(UnsafeRawBufferPointer(start: pointer, count: length)) ? length : 0
}

/// Non-zero aborts the transfer: the waiting task was cancelled.
private let curlProgressCallback: @convention(c) (UnsafeMutableRawPointer?, curl_off_t, curl_off_t, curl_off_t, curl_off_t) -> Int32 = {
    context, _, _, _, _ in
    guard let context else { return 0 }
    let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
    return state.cancellation?.isRaised == true ? 1 : 0
}

private let curlHeaderCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
    pointer, size, count, context in
    guard let pointer, let context else { return 0 }
    let state = Unmanaged<CurlTransferState>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
    state.appendHeader(String(decoding: bytes, as: UTF8.self))
    return length
}
