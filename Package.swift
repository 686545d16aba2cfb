// swift-tools-version: 6.0
import PackageDescription

// The layout (docs/architecture.md §1): shared parts beneath, one home per feature above them
// (`Sources/<Feature>/Service` and `Sources/<Feature>/Front`), the program on top.

/// What every feature's service stands on.
let shared: [Target.Dependency] = ["AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient"]
/// What every feature's front stands on, beside its own service.
let front: [Target.Dependency] = shared + ["TerminalKit", "FrontKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
/// Every feature, service and front: what the program combines.
let features: [Target.Dependency] = [
    "Weather", "WeatherFront", "Crypto", "CryptoFront", "Fruit", "FruitFront", "Exams", "ExamsFront", "Profile", "ProfileFront", "DealTable",
    "Deals", "DealsFront",
]
/// What a test target of a feature or a shared part runs with.
let harness: [Target.Dependency] = ["TestHarness", "AlmanacTestSupport"]

/// A feature's home: its service on the shared parts, its front on the service and FrontKit.
func feature(_ name: String, service extra: [Target.Dependency] = []) -> [Target] {
    [
        .target(name: name, dependencies: shared + extra, path: "Sources/\(name)/Service"),
        .target(name: "\(name)Front", dependencies: front + extra + [.target(name: name)], path: "Sources/\(name)/Front"),
        .testTarget(name: "\(name)Tests", dependencies: front + extra + [.target(name: name), .target(name: "\(name)Front")] + harness),
    ]
}

let package = Package(
    name: "Almanac",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "almanac", targets: ["almanac"]),
        .executable(name: "almanac-server", targets: ["almanac-server"]),
        .executable(name: "almanac-bench", targets: ["almanac-bench"]),
        .executable(name: "almanac-fuzz", targets: ["almanac-fuzz"]),
        .library(name: "AlmanacKit", targets: ["AlmanacKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The resident server (`almanac-server` only; the `almanac` binary links none of it): its
        // HTTP side, and its life (SIGTERM, SIGINT: the answers in flight finish).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // Shared parts, each named for its role.
        .systemLibrary(
            name: "CCurl",
            path: "Sources/CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        .target(name: "AlmanacCore"),
        // The country and time-zone outlines shipped inside the program, and their reader: data
        // only the features that place coordinates read (weather), kept out of the core.
        .target(name: "Geography"),
        .target(name: "AlmanacHTTP", dependencies: ["CCurl", "AlmanacCore"]),
        .target(name: "AlmanacProviders", dependencies: ["AlmanacCore", "AlmanacHTTP"]),
        // The cache-first client, the run's configuration and context: shared by every feature.
        .target(name: "AlmanacClient", dependencies: ["AlmanacCore", "AlmanacHTTP"]),
        // The deals table engine: sorted blocks, filters, totals, snapshots; on the core only.
        .target(name: "DealTable", dependencies: ["AlmanacCore"]),
        // The terminal toolkit: styles, tables, charts and number text; the raw terminal, its keys
        // and the frame loop. On the core only: it knows no feature and no provider.
        .target(name: "TerminalKit", dependencies: ["AlmanacCore"]),
        // What every feature's front stands on: the front context, error wording and exit codes,
        // the app shell, the menu shell, the glance template engine, the command line's options.
        .target(
            name: "FrontKit",
            dependencies: [
                "AlmanacCore", "AlmanacHTTP", "AlmanacClient", "TerminalKit", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
    ]
        // Features: none depends on another. Deals' service is on the deals engine.
        + feature("Weather", service: ["Geography"]) + feature("Crypto") + feature("Fruit") + feature("Exams") + feature("Profile")
        + feature("Deals", service: ["DealTable"])
        + [
            // The library product: the `Almanac` facade; no deals engine, no terminal, no command line.
            .target(name: "AlmanacKit", dependencies: shared + ["Weather", "Crypto"]),
            // The program above the features: the root command, what combines them (the app, the
            // menu, `line`) and its own tools (doctor, cache, fixtures recording).
            .target(name: "AlmanacProgram", dependencies: front + features),
            // The executable: the program's entry and nothing else.
            .executableTarget(name: "almanac", dependencies: ["AlmanacProgram"]),
            // The resident server (`almanac serve` becomes it): wttr.in's URLs on FlyingFox, each
            // answer a run of the program in process. Its own executable, so that no other run
            // loads the server library.
            .target(
                name: "AlmanacServer",
                dependencies: [
                    "AlmanacProgram", "Weather", .product(name: "FlyingFox", package: "FlyingFox"),
                    .product(name: "FlyingSocks", package: "FlyingFox"),
                    .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"), .product(name: "Logging", package: "swift-log"),
                ]),
            .executableTarget(name: "almanac-server", dependencies: ["AlmanacServer"]),

            // Tools: test support, fuzzing, the benchmark.
            .target(name: "AlmanacTestSupport", dependencies: ["AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient", "DealTable"]),
            // What every test target shares: running the built binary, temporary homes, a client
            // wired for tests (XCTest-based: tests only).
            .target(name: "TestHarness", dependencies: shared + ["AlmanacTestSupport", "AlmanacProgram"]),
            .target(name: "AlmanacFuzz", dependencies: front + ["DealTable", "Weather", "Crypto", "Fruit", "FruitFront", "Exams", "Deals"]),
            .executableTarget(
                name: "almanac-fuzz", dependencies: ["AlmanacFuzz", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
            // The deals benchmark's yardstick, C++ std::sort (the bench only; nothing ships it).
            .target(name: "CSortBaseline", path: "Sources/CSortBaseline"),
            .executableTarget(
                name: "almanac-bench",
                dependencies: front + [
                    "AlmanacKit", "AlmanacProgram", "AlmanacTestSupport", "DealTable", "Weather", "Geography", "Crypto", "Deals", "DealsFront",
                    "CSortBaseline",
                ]),

            .testTarget(name: "AlmanacCoreTests", dependencies: ["AlmanacCore", "TestHarness"]),
            .testTarget(name: "GeographyTests", dependencies: ["Geography"]),
            .testTarget(name: "DealTableTests", dependencies: ["DealTable", "AlmanacCore"]),
            .testTarget(name: "AlmanacHTTPTests", dependencies: ["AlmanacHTTP", "AlmanacCore", "AlmanacProviders", "AlmanacTestSupport"]),
            .testTarget(name: "AlmanacProvidersTests", dependencies: ["AlmanacProviders", "AlmanacHTTP", "AlmanacCore"]),
            .testTarget(name: "AlmanacClientTests", dependencies: shared + harness),
            .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "AlmanacCore"]),
            .testTarget(name: "FrontKitTests", dependencies: front + harness),
            .testTarget(name: "AlmanacKitTests", dependencies: shared + ["AlmanacKit", "Weather", "Crypto"] + harness),
            .testTarget(name: "AlmanacProgramTests", dependencies: front + ["AlmanacProgram", "AlmanacFuzz"] + features + harness),
            // What only the built binary shows: signals, a terminal, processes sharing files and
            // locks, the README's examples (docs/development.md, "Running the program in process").
            .testTarget(name: "AlmanacServerTests", dependencies: ["AlmanacServer", "AlmanacTestSupport", "TestHarness"]),
            .testTarget(name: "BinaryTests", dependencies: shared + ["TerminalKit", "DealTable", "Deals", "DealsFront"] + harness),
        ],
    swiftLanguageModes: [.v6]
)
