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
        .target(name: "AlmanacKit", dependencies: ["AlmanacCore", "AlmanacHTTP", "AlmanacProviders"]),
        .target(name: "AlmanacTestSupport", dependencies: ["AlmanacKit"]),
        .target(name: "AlmanacFuzz", dependencies: ["AlmanacKit", "AlmanacUI"]),
        .executableTarget(name: "almanac-fuzz", dependencies: ["AlmanacFuzz"]),
        .target(name: "AlmanacUI", dependencies: ["AlmanacKit"]),
        .executableTarget(
            name: "almanac",
            dependencies: [
                "AlmanacKit",
                "AlmanacUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "almanac-bench", dependencies: ["AlmanacKit", "AlmanacUI", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacCoreTests", dependencies: ["AlmanacCore"]),
        .testTarget(name: "AlmanacHTTPTests", dependencies: ["AlmanacHTTP", "AlmanacCore"]),
        .testTarget(name: "AlmanacProvidersTests", dependencies: ["AlmanacProviders", "AlmanacHTTP", "AlmanacCore"]),
        .testTarget(
            name: "AlmanacKitTests", dependencies: ["AlmanacKit", "AlmanacUI", "AlmanacTestSupport", "AlmanacFuzz", "almanac", "almanac-bench"]),
        .testTarget(name: "AlmanacUITests", dependencies: ["AlmanacUI", "AlmanacKit", "AlmanacCore", "AlmanacTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
