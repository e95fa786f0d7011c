// swift-tools-version:6.2
import PackageDescription

/// Cairn: map cluster badges, info-window cards and tile post-processing on Cairo.
///
/// Layers, bottom to top (no upward imports):
///   CCairo, CCodecs, CSQLite, CMalloc, CPrefetch, CKDScan — system libraries, the C shims libpng/libjpeg
///                      need (setjmp error handling), glibc's allocator settings for the executables, and
///                      two headers for Clusters (a prefetch hint, the KD partition's SSE2 scans)
///   Parallel         — ParallelRuns, the one way work runs in parallel (no dependencies)
///   Canvas           — Swift over Cairo/Pango/fontconfig: surfaces, contexts, colours, text
///   Codecs           — PNG/JPEG/WebP decode into Canvas surfaces, fast PNG/JPEG/WebP encode
///   Markers          — cluster badges, info-window cards, sprite sheets
///   Tiles            — tile math, renderers and chains, local sources (files, MBTiles, PMTiles), sinks, the batch job
///   RemoteTiles      — sources over HTTP (URL templates, remote PMTiles; AsyncHTTPClient) and `SourceLocation`,
///                      the one way to open a source named by a string
///   Clusters         — point datasets (GeoJSON, NDJSON, CSV), supercluster's per-zoom index, queries,
///                      GeoJSON and vector-tile output; Swift with two C headers, draws nothing
///   ClustersPostgres — point datasets read from PostgreSQL (postgres-nio)
///   ClusterOverlays  — clusters drawn as badges: overlay tiles and the `clusters` renderer
///   HotLane          — cache hits answered from a connection's raw request bytes (NIO only, behind `HotAnswering`)
///   CairnServer      — `cairn serve`: the Hummingbird application, configuration, disk cache, metrics
///   cairn            — the command-line tool
// Tools version 6.2: the first whose SwiftPM accepts the two optimization flags below (CCodecs' -O2,
// Clusters' -O in debug builds) in a package used by URL and version; 6.0 refused them.
//
// Built and tested: Linux on x86_64 and aarch64 (docs/swift-package.md). SwiftPM has no Linux entry in
// `platforms:`; the macOS line only states the least the code needs (Synchronization's Mutex) — Cairn is
// not built or tested on macOS.
let package = Package(
    name: "Cairn",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "cairn", targets: ["cairn"]),
        .library(name: "Canvas", targets: ["Canvas"]),
        .library(name: "Codecs", targets: ["Codecs"]),
        .library(name: "Markers", targets: ["Markers"]),
        .library(name: "Tiles", targets: ["Tiles"]),
        .library(name: "RemoteTiles", targets: ["RemoteTiles"]),
        .library(name: "Clusters", targets: ["Clusters"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // `make docs`: the library products' documentation (Sources/*/*.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]
        ),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // glibc's malloc.h, for the executables' allocator settings.
        .systemLibrary(name: "CMalloc"),
        // A prefetch hint, for the clustering passes whose reads are scattered.
        .systemLibrary(name: "CPrefetch"),
        // The block scans of the KD partition, four keys a compare (SSE2).
        .systemLibrary(name: "CKDScan"),
        .target(
            name: "CCodecs",
            cSettings: [.unsafeFlags(["-O2"])],
            linkerSettings: [
                .linkedLibrary("png16"), .linkedLibrary("jpeg"),
                .linkedLibrary("webp"), .linkedLibrary("webpmux"), .linkedLibrary("deflate"), .linkedLibrary("m"),
            ]
        ),
        .target(name: "Canvas", dependencies: ["CCairo"]),
        .target(name: "Codecs", dependencies: ["Canvas", "CCodecs"]),
        .target(
            name: "Markers",
            dependencies: ["Canvas", "Codecs", "YAMLLoading", .product(name: "Yams", package: "Yams")]
        ),
        // How every YAML reader parses: Yams, with aliases that expand too far refused.
        .target(name: "YAMLLoading", dependencies: [.product(name: "Yams", package: "Yams")]),
        .target(
            name: "Tiles",
            dependencies: [
                "Canvas", "Codecs", "CSQLite", "YAMLLoading",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Tiles' sources over HTTP, apart so that Tiles builds without an HTTP client (and BoringSSL).
        .target(
            name: "RemoteTiles",
            dependencies: [
                "Tiles", "Codecs",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The one way work runs in parallel: the index's passes, a cache purge, the CLI's batches.
        .target(name: "Parallel"),
        .target(
            name: "Clusters", dependencies: ["CPrefetch", "CKDScan", "Parallel"],
            // Optimized in debug builds too: the clustering tests build indexes of the 34 006 cities
            // many times over, minutes unoptimized.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        .target(
            name: "ClustersPostgres",
            dependencies: [
                "Clusters",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Density maps of a dataset's points: heatmaps on one colour scale, square and hexagon grids.
        .target(
            name: "Density", dependencies: ["Canvas", "Codecs", "Tiles", "Clusters", "Parallel"],
            // Optimized in debug builds too, as Clusters: the tests draw tiles of many points.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        .target(name: "ClusterOverlays", dependencies: ["Canvas", "Codecs", "Markers", "Tiles", "Clusters", "Density"]),
        .target(name: "Snapshots", dependencies: ["Canvas", "Tiles", "Clusters", "ClusterOverlays"]),
        // The hot lane's connection code: request heads read from the raw bytes, answers written as
        // bytes, in front of NIO's HTTP decoder. It knows the server only as `HotAnswering`.
        .target(
            name: "HotLane",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .target(
            name: "CairnServer",
            dependencies: [
                "Canvas", "Codecs", "Markers", "Tiles", "RemoteTiles", "Clusters", "ClustersPostgres", "ClusterOverlays", "Density", "Snapshots", "Parallel", "YAMLLoading", "CMalloc",
                "HotLane",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // The map page's files, compiled into the binary: nothing to install beside it.
            resources: ["index.html", "cairn.js", "cairn.css", "favicon.svg", "error-tile.svg"].map { .embedInCode("Page/\($0)") }
        ),
        .executableTarget(
            name: "cairn",
            dependencies: [
                "Canvas", "Codecs", "Markers", "Tiles", "RemoteTiles", "Clusters", "ClusterOverlays", "Density", "Snapshots", "CairnServer", "CMalloc", "Parallel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A seeded generator (SplitMix64) for the bench and the tests: the same cases on every run.
        .target(name: "SeededRandom"),
        .executableTarget(name: "CairnBench", dependencies: ["Canvas", "Codecs", "Markers", "Tiles", "Clusters", "ClusterOverlays", "Density", "Snapshots", "SeededRandom", "CMalloc"]),
        .testTarget(name: "CanvasTests", dependencies: ["Canvas"]),
        .testTarget(name: "ParallelTests", dependencies: ["Parallel"]),
        .testTarget(name: "CodecsTests", dependencies: ["Codecs", "Canvas", "CPNGReference", "SeededRandom", "TestTier"]),
        // libpng's simplified API, the independent decoder the Codecs tests compare against.
        .target(name: "CPNGReference", path: "Tests/CPNGReference", linkerSettings: [.linkedLibrary("png16")]),
        .testTarget(name: "MarkersTests", dependencies: ["Markers", "Codecs", "Canvas"]),
        // The two tiers of the Swift tests: `make check` (in process) and `make test` (everything).
        .target(name: "TestTier", path: "Tests/TestTier"),
        .target(
            name: "TestUpstream",
            dependencies: [
                "TestTier",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/TestUpstream"
        ),
        // GeoJSON features as the CLI and server tests read them.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ClustersTests", dependencies: ["Clusters", "SeededRandom", "TestTier"]),
        .testTarget(name: "DensityTests", dependencies: ["Density", "Clusters", "Tiles", "Canvas", "Codecs", "SeededRandom", "TestTier", "TestPostgres"]),
        .testTarget(name: "ClusterOverlaysTests", dependencies: ["ClusterOverlays", "Clusters", "Markers", "Canvas", "Codecs"]),
        .target(name: "TestPostgres", dependencies: ["TestTier"], path: "Tests/TestPostgres"),
        .testTarget(name: "ClustersPostgresTests", dependencies: ["ClustersPostgres", "Clusters", "TestPostgres", "TestTier"]),
        .testTarget(name: "TilesTests", dependencies: ["Tiles", "RemoteTiles", "Canvas", "Codecs", "TestUpstream", "SeededRandom", "TestTier"]),
        .testTarget(name: "CLITests", dependencies: ["Codecs", "Canvas", "Tiles", "Clusters", "ClusterOverlays", "TestUpstream", "TestSupport", "TestTier"]),
        // The lane's handler on an EmbeddedChannel, with a stub HotAnswering.
        .testTarget(name: "HotLaneTests", dependencies: ["HotLane", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"),
                                                   .product(name: "NIOHTTPTypes", package: "swift-nio-extras"), .product(name: "HTTPTypes", package: "swift-http-types")]),
        .testTarget(name: "ServerTests", dependencies: ["CairnServer", "HotLane", "Tiles", "Codecs", "Canvas", "Clusters", "Parallel", "TestUpstream", "TestPostgres", "TestSupport", "TestTier",
                                                  .product(name: "HummingbirdTesting", package: "hummingbird")]),
    ]
)
