import AlmanacCore
internal import CCurl

/// Calls `curl_global_init` exactly once per process, before the first handle.
enum CurlGlobal {
    private static let initialised: Bool = {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
    }()

    static func ensureInitialised() {
        _ = initialised
    }
}
