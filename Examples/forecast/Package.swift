// swift-tools-version: 6.0
// A program outside the Almanac repository's own targets that uses only the library's public
// API (AlmanacKit's `Almanac`): it depends on the package by path, as another project would by
// URL. CI builds and runs it (`make example`).
import PackageDescription

let package = Package(
    name: "forecast",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Almanac", path: "../..")],
    targets: [
        .executableTarget(name: "forecast", dependencies: [.product(name: "AlmanacKit", package: "Almanac")])
    ],
    swiftLanguageModes: [.v6]
)
