/// The program's version, shown by `--version` and sent as the user agent.
package enum AlmanacVersion {
    package static let current = "0.1.0"
    /// Where users and providers reach the project: sent in the `User-Agent`, as MET Norway asks.
    package static let homePage = "https://github.com/almanac-cli/almanac"
}
