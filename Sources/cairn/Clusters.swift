import ArgumentParser
import Clusters
import Foundation
import Tiles

extension Cairn {
    /// `cairn clusters POINTS`: cluster a points file and query it like supercluster.
    struct Clusters: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Cluster points (GeoJSON, NDJSON or CSV) and print clusters as GeoJSON.",
            discussion: """
                Examples:
                  cairn clusters cities.geojson --zoom 3 --bbox -10,35,30,60
                  cairn clusters cities.csv --children 123456
                  cairn clusters cities.csv --zoom 3 --cluster-extent hull
                  cairn clusters cities.csv --leaves 123456 --limit 20 --offset 20
                  cairn clusters cities.csv --stats
                  cairn clusters cities.csv --zoom 4 --filter "population >= 1000000 AND country IN ('DE','FR')"
                  cairn clusters shops.geojson --zoom 10 --categories kind=restaurant,cafe,bar
                  cairn clusters cities.csv --out clusters.pmtiles --zoom 0-14
                """)

        @Argument(help: ArgumentHelp("The points file; '-' for stdin.", valueName: "POINTS"))
        var points: String

        @Option(help: ArgumentHelp("The zoom of the clusters to print (with --bbox); with --out, the zooms to write, A-B or A.", valueName: "Z"))
        var zoom: String?

        @Option(help: ArgumentHelp("Write the vector cluster tiles (the server's .mvt, gzipped) of --zoom A-B to FILE.pmtiles (or .mbtiles, or a z/x/y directory).", valueName: "FILE"))
        var out: String?

        @Option(parsing: .unconditional,
                help: ArgumentHelp("The region: W,S,E,N in degrees (default: the world; W > E crosses the antimeridian).", valueName: "W,S,E,N"))
        var bbox: String?

        @Option(help: ArgumentHelp("Print the children of this cluster.", valueName: "ID"))
        var children: Int?

        @Option(help: ArgumentHelp("Print the points of this cluster (--limit, --offset).", valueName: "ID"))
        var leaves: Int?

        @Option(help: "With --leaves: how many points.")
        var limit = 10

        @Option(help: "With --leaves: how many points to skip.")
        var offset = 0

        @Option(name: .customLong("expansion-zoom"), help: ArgumentHelp("Print the zoom at which this cluster splits.", valueName: "ID"))
        var expansionZoom: Int?

        @Option(name: .customLong("cluster-extent"),
                help: ArgumentHelp("With --zoom or --children: give each cluster its points' bounding box (GeoJSON bbox) or convex hull (a hull geometry), as the server's ?extent= does.",
                                   valueName: "bbox|hull"))
        var clusterExtent: ClusterExtent?

        @Flag(help: "Print clusters and points per zoom and the time taken.")
        var stats = false

        @Option(name: .shortAndLong, help: ArgumentHelp("Output file; '-' or none for stdout.", valueName: "FILE"))
        var output: String?

        @Option(help: ArgumentHelp("Threads that build the index (the same index on any number; default 1, one core).", valueName: "N"))
        var jobs = 1

        @OptionGroup var pointOptions: PointOptions
        @OptionGroup var global: GlobalOptions

        /// `--zoom` as one zoom (the cluster query).
        var queryZoom: Double? { zoom.flatMap { Double($0) } }

        func validate() throws {
            let modes = [(zoom != nil || bbox != nil) && out == nil, out != nil, children != nil, leaves != nil, expansionZoom != nil, stats]
                .filter { $0 }.count
            guard modes == 1 else {
                throw ValidationError("give exactly one of --zoom (with --bbox), --out (with --zoom A-B), --children, --leaves, --expansion-zoom or --stats")
            }
            if out != nil {
                guard zoom != nil else { throw ValidationError("--out needs --zoom A-B") }
                if bbox != nil { throw ValidationError("--out writes every tile with clusters; --bbox is not taken with it") }
                if output != nil { throw ValidationError("--out writes tiles; -o/--output is for the GeoJSON of a query") }
                if clusterExtent != nil { throw ValidationError("--cluster-extent goes with --zoom or --children (the answers that list clusters)") }
                return
            }
            if bbox != nil, zoom == nil { throw ValidationError("--bbox needs --zoom") }
            if clusterExtent != nil, zoom == nil, children == nil {
                throw ValidationError("--cluster-extent goes with --zoom or --children (the answers that list clusters)")
            }
            if let zoom {
                guard let value = Double(zoom), value.isFinite, (0...Double(TileID.maximumZoom)).contains(value) else {
                    throw ValidationError("--zoom must be from 0 to \(TileID.maximumZoom) (got \(zoom))")
                }
            }
            guard limit >= 1 else { throw ValidationError("--limit must be 1 or more (got \(limit))") }
            guard offset >= 0 else { throw ValidationError("--offset must not be negative (got \(offset))") }
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
        }

        func run() async throws {
            guard let out else { return try query() }
            let zooms = try ZoomLevels.parse(zoom!).range
            let index = try pointOptions.index(of: points)
            try await ClusterTileExport(index: index, zooms: zooms, points: points, out: out, quiet: global.quiet).run()
        }

        /// Prints the clusters of `--zoom`, a cluster's children, leaves or expansion zoom, or the statistics.
        private func query() throws {
            let box: QueryBox
            do {
                box = try bbox.map { text throws(QueryBoxError) in try QueryBox(parsing: text) } ?? .world
            } catch {
                throw CLIError.usage("--bbox \(error)")
            }
            let clock = ContinuousClock()
            let readStart = clock.now
            let (pointSet, featuresByLayout) = try pointOptions.readPoints(points)
            let readTime = clock.now - readStart
            let index = try pointOptions.index(pointSet, threads: jobs)

            let bytes: [UInt8]
            do {
                if let zoom = queryZoom {
                    bytes = index.featureCollection(index.clusters(in: box, zoom: zoom), extent: clusterExtent)
                } else if let children {
                    bytes = index.featureCollection(try index.children(of: children), extent: clusterExtent)
                } else if let leaves {
                    bytes = index.featureCollection(try index.leaves(of: leaves, limit: limit, offset: offset))
                } else if let expansionZoom {
                    bytes = Array("{\"cluster_id\":\(expansionZoom),\"expansion_zoom\":\(try index.expansionZoom(of: expansionZoom))}".utf8)
                } else {
                    bytes = Array(statistics(index, readTime: readTime, featuresByLayout: featuresByLayout).utf8)
                }
            } catch {
                // Only the cluster queries throw, and only UnknownCluster.
                throw CLIError.usage("\(points): \(error.description)")
            }
            try OutputFile.write(bytes + [0x0A], to: output, binary: false)
        }

        private func statistics(_ index: ClusterIndex, readTime: Duration, featuresByLayout: Int) -> String {
            var lines = ["zoom\tclusters\tpoints\titems"]
            for level in index.levelSummaries {
                lines.append("\(level.zoom)\t\(level.clusters)\t\(level.points)\t\(level.clusters + level.points)")
            }
            func seconds(_ duration: Duration) -> String {
                String(format: "%.3f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
            }
            let byLayout = featuresByLayout > 0 ? " (\(featuresByLayout) by their features' layout)" : ""
            lines.append("\(index.pointCount) points read in \(seconds(readTime))\(byLayout), indexed in \(seconds(index.buildDuration)); "
                + "\(index.clusterTotal) clusters over zooms \(index.options.minZoom)-\(index.options.maxZoom); "
                + String(format: "index %.1f MB", Double(index.byteCount) / 1_048_576))
            return lines.joined(separator: "\n")
        }
    }
}

extension ClusterExtent: ExpressibleByArgument {}
