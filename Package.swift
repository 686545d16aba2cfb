// swift-tools-version: 6.0
import PackageDescription

// The layout (docs/architecture.md §1): the shared parts beneath, one home per feature above
// them (`Sources/<Feature>/Service` and `Sources/<Feature>/Front`), the program on top.
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
        // Shared parts, each named for its role.
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
        // The terminal toolkit: styles, tables, charts and number text; the raw terminal, its keys
        // and the frame loop. On the core only: it knows no feature and no provider.
        .target(name: "TerminalKit", dependencies: ["AlmanacCore"]),
        // What every feature's front end stands on: the front context, error wording and exit
        // statuses, the app shell, the menu shell, the glance template engine, the command line's
        // shared options.
        .target(
            name: "FrontKit",
            dependencies: [
                "AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient", "TerminalKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Features: a service (models, typed results and errors) and a front (views, JSON
        // documents, the app tab, the menu screen, glances and commands); none depends on another.
        .target(name: "Weather", dependencies: ["AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient"], path: "Sources/Weather/Service"),
        .target(
            name: "WeatherFront",
            dependencies: [
                "AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient", "TerminalKit", "FrontKit", "Weather",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Weather/Front"),
        .target(name: "Crypto", dependencies: ["AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient"], path: "Sources/Crypto/Service"),
        .target(
            name: "CryptoFront",
            dependencies: [
                "AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient", "TerminalKit", "FrontKit", "Crypto",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Crypto/Front"),
        .target(name: "Fruit", dependencies: ["AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient"], path: "Sources/Fruit/Service"),
        .target(
            name: "FruitFront",
            dependencies: [
                "AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient", "TerminalKit", "FrontKit", "Fruit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Fruit/Front"),
        .target(name: "Exams", dependencies: ["AlmanacCore", "AlmanacClient"], path: "Sources/Exams/Service"),
        .target(
            name: "ExamsFront",
            dependencies: [
                "AlmanacCore", "AlmanacClient", "TerminalKit", "FrontKit", "Exams",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], path: "Sources/Exams/Front"),
        .target(name: "Profile", dependencies: ["AlmanacCore", "AlmanacClient"], path: "Sources/Profile/Service"),
        .target(
            name: "ProfileFront",
            dependencies: [
                "AlmanacCore", "AlmanacClient", "TerminalKit", "FrontKit", "Profile",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], path: "Sources/Profile/Front"),
        // The deals feature: its sources (the built-in server, a JSON-lines stream, Kraken's tape),
        // their inbox and the feed the front ends pump; on the deals engine and the shared parts.
        .target(
            name: "Deals", dependencies: ["AlmanacCore", "AlmanacHTTP", "AlmanacClient", "AlmanacProviders", "DealTable"],
            path: "Sources/Deals/Service"),
        .target(
            name: "DealsFront",
            dependencies: [
                "AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient", "TerminalKit", "FrontKit", "DealTable", "Deals",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Deals/Front"),

        // The library product: the `Almanac` facade and the standard client; no deals engine, no terminal.
        .target(name: "AlmanacKit", dependencies: ["AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient", "Weather", "Crypto"]),
        // The program above the features: what combines them (the app, the menu, `line`) and its
        // own tools (doctor, cache, fixtures recording).
        .target(
            name: "AlmanacProgram",
            dependencies: [
                "AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient", "TerminalKit", "FrontKit", "AlmanacKit", "DealTable", "Weather",
                "WeatherFront", "Crypto", "CryptoFront", "Fruit", "FruitFront", "Exams", "ExamsFront", "Profile", "ProfileFront", "Deals",
                "DealsFront", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The executable: the program's entry and nothing else.
        .executableTarget(name: "almanac", dependencies: ["AlmanacProgram"]),

        // Tools: test support, fuzzing, the benchmark.
        .target(name: "AlmanacTestSupport", dependencies: ["AlmanacCore", "AlmanacHTTP", "AlmanacClient", "DealTable"]),
        .target(
            name: "AlmanacFuzz",
            dependencies: [
                "AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient", "TerminalKit", "FrontKit", "DealTable", "Weather", "Crypto",
                "Fruit",
                "FruitFront", "Exams", "Deals",
            ]),
        .executableTarget(name: "almanac-fuzz", dependencies: ["AlmanacFuzz"]),
        // The deals benchmark's yardstick, C++ std::sort (the bench only; nothing ships it).
        .target(name: "CSortBaseline", path: "Sources/CSortBaseline"),
        .executableTarget(
            name: "almanac-bench",
            dependencies: [
                "AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient", "TerminalKit", "FrontKit", "AlmanacKit", "AlmanacProgram",
                "AlmanacTestSupport", "DealTable", "Weather", "Crypto", "Deals", "DealsFront", "CSortBaseline",
            ]),

        .testTarget(name: "AlmanacCoreTests", dependencies: ["AlmanacCore"]),
        .testTarget(name: "DealTableTests", dependencies: ["DealTable", "AlmanacCore"]),
        .testTarget(name: "AlmanacHTTPTests", dependencies: ["AlmanacHTTP", "AlmanacCore", "AlmanacProviders", "AlmanacTestSupport"]),
        .testTarget(name: "AlmanacProvidersTests", dependencies: ["AlmanacProviders", "AlmanacHTTP", "AlmanacCore"]),
        .testTarget(
            name: "AlmanacKitTests",
            dependencies: [
                "AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient", "TerminalKit", "FrontKit", "AlmanacKit", "DealTable", "Weather",
                "WeatherFront", "Crypto", "CryptoFront", "Fruit", "FruitFront", "Exams", "ExamsFront", "Profile", "ProfileFront", "Deals",
                "DealsFront",
                "AlmanacProgram", "AlmanacTestSupport", "AlmanacFuzz",
            ]),
        .testTarget(
            name: "AlmanacProgramTests",
            dependencies: [
                "AlmanacCore", "AlmanacHTTP", "AlmanacProviders", "AlmanacClient", "TerminalKit", "FrontKit", "AlmanacKit", "DealTable", "Weather",
                "WeatherFront", "Crypto", "CryptoFront", "Fruit", "FruitFront", "Exams", "ExamsFront", "Profile", "ProfileFront", "Deals",
                "DealsFront",
                "AlmanacProgram", "AlmanacTestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
