// swift-tools-version: 6.0
import PackageDescription

/// Type metadata built by direct accessor calls instead of looked up by mangled name at run time.
/// A mangled-name lookup of a generic type (every Decodable type's keyed container, every
/// collection of our types) checks its requirements by scanning all of the process's protocol
/// conformance records, once per type and run; a short command met about seventy of those scans.
/// Direct accessors pass the conformances they already know. Slightly larger code.
let directMetadata: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]

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
        .target(name: "AlmanacCore", swiftSettings: directMetadata),
        .target(name: "AlmanacHTTP", dependencies: ["CCurl", "AlmanacCore"], swiftSettings: directMetadata),
        .target(name: "AlmanacProviders", dependencies: ["AlmanacCore", "AlmanacHTTP"], swiftSettings: directMetadata),
        .target(name: "AlmanacKit", dependencies: ["AlmanacCore", "AlmanacHTTP", "AlmanacProviders"], swiftSettings: directMetadata),
        .target(name: "AlmanacTestSupport", dependencies: ["AlmanacKit"]),
        .target(name: "AlmanacFuzz", dependencies: ["AlmanacKit", "AlmanacUI"]),
        .executableTarget(name: "almanac-fuzz", dependencies: ["AlmanacFuzz"]),
        .target(name: "AlmanacUI", dependencies: ["AlmanacKit"], swiftSettings: directMetadata),
        .executableTarget(
            name: "almanac",
            dependencies: [
                "AlmanacKit",
                "AlmanacUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: directMetadata
        ),
        .executableTarget(name: "almanac-bench", dependencies: ["AlmanacKit", "AlmanacUI", "AlmanacTestSupport"]),
        .testTarget(
            name: "AlmanacKitTests", dependencies: ["AlmanacKit", "AlmanacUI", "AlmanacTestSupport", "AlmanacFuzz", "almanac", "almanac-bench"]),
        .testTarget(name: "AlmanacUITests", dependencies: ["AlmanacUI", "AlmanacKit", "AlmanacCore", "AlmanacTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
