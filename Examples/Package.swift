// swift-tools-version:6.2
import PackageDescription

// A package using Cairn's libraries as any package does: by URL and version. CAIRN_URL is the URL of
// Cairn's repository (yours writes it here), ending in /cairn or /cairn.git so that the package is
// called `cairn`; scripts/test-package.sh gives the file:// URL of a tagged clone. Unset, SwiftPM's
// error names the variable.
let cairnURL = Context.environment["CAIRN_URL"] ?? "CAIRN_URL-is-not-set"

let package = Package(
    name: "CairnExample",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(url: cairnURL, from: "0.1.0"),
    ],
    targets: [
        .executableTarget(
            name: "CairnExample",
            dependencies: [
                .product(name: "Canvas", package: "cairn"),
                .product(name: "Markers", package: "cairn"),
                .product(name: "Clusters", package: "cairn"),
                .product(name: "Tiles", package: "cairn"),
            ]
        ),
    ]
)
