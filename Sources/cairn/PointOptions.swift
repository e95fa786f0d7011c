import ArgumentParser
import Clusters

/// How `clusters` reads its points file, and how it clusters them.
struct PointOptions: ParsableArguments {
    @OptionGroup var source: PointSourceOptions

    @Option(help: "Cluster radius in pixels of a tile --extent wide.")
    var radius: Double = 40

    @Option(help: "The tile size the radius is measured in.")
    var extent: Double = 512

    @Option(name: .customLong("min-zoom"), help: "The lowest zoom clustered.")
    var minZoom = 0

    @Option(name: .customLong("max-zoom"), help: "The highest zoom clustered.")
    var maxZoom = 16

    @Option(name: .customLong("min-points"), help: "The fewest points a cluster is made of.")
    var minPoints = 2

    var clusterOptions: ClusterOptions {
        ClusterOptions(radius: radius, extent: extent, minZoom: minZoom, maxZoom: maxZoom, minPoints: minPoints)
    }

    /// The `--categories` text, nil without one.
    var categories: String? { source.categories }

    func validate() throws {
        if let problem = clusterOptions.problem { throw ValidationError(problem) }
    }

    /// Reads `path` and clusters its points with these options: aggregates, categories, and only
    /// the points `--filter` matches.
    func index(of path: String) throws -> ClusterIndex {
        try index(try readPoints(path).points)
    }

    /// Clusters `points` with these options, on `threads` threads (the same index on any number).
    func index(_ points: PointSet, threads: Int = 1) throws -> ClusterIndex {
        try source.index(points, options: clusterOptions, threads: threads)
    }

    /// Reads `path` as ``PointSourceOptions/readPoints(_:)`` does.
    func readPoints(_ path: String) throws -> (points: PointSet, featuresByLayout: Int) {
        try source.readPoints(path)
    }
}

extension PointFormat: ExpressibleByArgument {}
