// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Almanac",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "almanac", targets: ["almanac"]),
        .executable(name: "almanac-bench", targets: ["almanac-bench"]),
        .executable(name: "almanac-fuzz", targets: ["almanac-fuzz"]),
        .library(name: "AlmanacKit", targets: ["AlmanacKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .systemLibrary(
            name: "CCurl",
            path: "Sources/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        .target(name: "AlmanacCore"),
        .target(name: "AlmanacHTTP", dependencies: ["CCurl", "AlmanacCore"]),
        .target(name: "AlmanacProviders", dependencies: ["AlmanacCore", "AlmanacHTTP"]),
        // The deals table engine: sorted blocks, filters, totals, snapshots; on the core only.
        .target(name: "DealTable", dependencies: ["AlmanacCore"]),
        // The cache-first client, the run's configuration and context: shared by every feature.
        .target(name: "AlmanacClient", dependencies: ["AlmanacCore", "AlmanacHTTP", "AlmanacProviders"]),
        .target(name: "AlmanacKit", dependencies: ["AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient"]),
        // The deals feature: its sources (the built-in server, a JSON-lines stream, Kraken's tape),
        // their inbox and the feed the front ends pump; on the deals engine and the shared parts only.
        .target(name: "Deals", dependencies: ["AlmanacCore", "AlmanacHTTP", "AlmanacClient", "AlmanacProviders", "DealTable"]),
        .target(name: "AlmanacTestSupport", dependencies: ["AlmanacKit", "AlmanacClient", "DealTable"]),
        .target(name: "AlmanacFuzz", dependencies: ["AlmanacKit", "AlmanacClient", "AlmanacUI", "DealTable", "Deals", "TerminalKit"]),
        .executableTarget(name: "almanac-fuzz", dependencies: ["AlmanacFuzz"]),
        // The terminal toolkit: styles, tables, charts and number text; the raw terminal, its keys
        // and the frame loop. On the core only: it knows no feature and no provider.
        .target(name: "TerminalKit", dependencies: ["AlmanacCore"]),
        .target(name: "AlmanacUI", dependencies: ["AlmanacKit", "AlmanacClient", "DealTable", "Deals", "TerminalKit"]),
        .executableTarget(
            name: "almanac",
            dependencies: [
                "AlmanacKit",
                "AlmanacClient",
                "AlmanacUI",
                "DealTable",
                "Deals",
                "TerminalKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The deals benchmark's yardstick, C++ std::sort (the bench only; nothing ships it).
        .target(name: "CSortBaseline", path: "Sources/CSortBaseline"),
        .executableTarget(
            name: "almanac-bench",
            dependencies: ["AlmanacKit", "AlmanacClient", "AlmanacUI", "AlmanacTestSupport", "DealTable", "Deals", "TerminalKit", "CSortBaseline"]),
        .testTarget(name: "AlmanacCoreTests", dependencies: ["AlmanacCore"]),
        .testTarget(name: "DealTableTests", dependencies: ["DealTable", "AlmanacCore"]),
        .testTarget(name: "AlmanacHTTPTests", dependencies: ["AlmanacHTTP", "AlmanacCore", "AlmanacProviders", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacProvidersTests", dependencies: ["AlmanacProviders", "AlmanacHTTP", "AlmanacCore"]),
        .testTarget(
            name: "AlmanacKitTests",
            dependencies: [
                "AlmanacKit", "AlmanacClient", "DealTable", "Deals", "AlmanacUI", "TerminalKit", "AlmanacTestSupport", "AlmanacFuzz", "almanac",
                "almanac-bench",
            ]),
        .testTarget(
            name: "AlmanacUITests",
            dependencies: ["AlmanacUI", "AlmanacKit", "AlmanacClient", "DealTable", "Deals", "TerminalKit", "AlmanacCore", "AlmanacTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
