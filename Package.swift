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
        .target(name: "AlmanacKit", dependencies: ["AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "DealTable"]),
        .target(name: "AlmanacTestSupport", dependencies: ["AlmanacKit", "DealTable"]),
        .target(name: "AlmanacFuzz", dependencies: ["AlmanacKit", "AlmanacUI", "DealTable"]),
        .executableTarget(name: "almanac-fuzz", dependencies: ["AlmanacFuzz"]),
        .target(name: "AlmanacUI", dependencies: ["AlmanacKit", "DealTable"]),
        .executableTarget(
            name: "almanac",
            dependencies: [
                "AlmanacKit",
                "AlmanacUI",
                "DealTable",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The deals benchmark's yardstick, C++ std::sort (the bench only; nothing ships it).
        .target(name: "CSortBaseline", path: "Sources/CSortBaseline"),
        .executableTarget(name: "almanac-bench", dependencies: ["AlmanacKit", "AlmanacUI", "AlmanacTestSupport", "DealTable", "CSortBaseline"]),
        .testTarget(name: "AlmanacCoreTests", dependencies: ["AlmanacCore"]),
        .testTarget(name: "DealTableTests", dependencies: ["DealTable", "AlmanacCore"]),
        .testTarget(name: "AlmanacHTTPTests", dependencies: ["AlmanacHTTP", "AlmanacCore", "AlmanacProviders", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacProvidersTests", dependencies: ["AlmanacProviders", "AlmanacHTTP", "AlmanacCore"]),
        .testTarget(
            name: "AlmanacKitTests",
            dependencies: ["AlmanacKit", "DealTable", "AlmanacUI", "AlmanacTestSupport", "AlmanacFuzz", "almanac", "almanac-bench"]),
        .testTarget(name: "AlmanacUITests", dependencies: ["AlmanacUI", "AlmanacKit", "DealTable", "AlmanacCore", "AlmanacTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
