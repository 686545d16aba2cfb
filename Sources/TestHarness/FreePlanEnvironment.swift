import AlmanacTestSupport

extension FixtureServer {
    /// The environment of a run against this server on the Twelve Data free plan: its addresses,
    /// a free plan's key, the sample data's day (2026-11-20), and `extra`.
    package func freePlanEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = environment
        environment["TWELVEDATA_API_KEY"] = "TD-FREE-PLAN-KEY-42"
        environment["ALMANAC_TODAY"] = "2026-11-20"
        environment.merge(extra) { _, new in new }
        return environment
    }
}
