import Clusters
import Codecs
import Foundation
import Tiles

/// `cairn clusters POINTS --out FILE.pmtiles --zoom A-B`: the dataset's vector cluster tiles — the
/// bytes `/clusters/{dataset}/{z}/{x}/{y}.mvt` answers for the same options — gzipped, as tippecanoe
/// stores vector tiles, into an archive (or MBTiles, or a `z/x/y.pbf` directory). Tiles with nothing
/// on them are not written.
struct ClusterTileExport {
    let index: ClusterIndex
    let zooms: ClosedRange<Int>
    let points: String
    let out: String
    let quiet: Bool

    func run() async throws {
        let plan = zooms.map { z in (z, index.coveredTiles(z: z)) }
        let progress = Progress(total: plan.reduce(0) { $0 + $1.1.count }, noun: "tiles", quiet: quiet)
        let output = try await ConvertOutput(path: out, format: "pbf")
        var written = 0, empty = 0
        var covered = TileCoverage()
        Interruption.stopCooperatively()
        do {
            for (z, tiles) in plan {
                for (x, y) in tiles {
                    if Interruption.isStopping { throw CancellationError() }
                    progress.advance()
                    guard !index.tile(z: z, x: x, y: y).isEmpty else {
                        empty += 1
                        continue
                    }
                    let tile = try TileID(z: z, x: x, y: y)
                    try output.sink.write(tile, data: Gzip.compress(index.vectorTile(z: z, x: x, y: y)))
                    if z == zooms.upperBound { covered.add(tile) }
                    written += 1
                }
            }
            try output.finish(describing: description(bounds: covered.bounds))
        } catch {
            output.discard()
            Interruption.exitIfStopping()
            if let error = error as? CLIError { throw error }
            if let error = error as? PMTilesError { throw CLIError.archive(error) }
            throw CLIError.io("\(out): \(error)")
        }
        progress.finish(String(format: "wrote %d cluster tiles (zoom %d-%d) to %@ in %.2f s (%.0f tiles/s); %d empty skipped",
                               written, zooms.lowerBound, zooms.upperBound, out, progress.elapsed,
                               Double(written) / max(progress.elapsed, 1e-9), empty))
    }

    /// Name, format `pbf`, the covered bounds, the zooms, and the vector layer of clusters.
    private func description(bounds: BoundingBox?) -> TilesetDescription {
        var fields: [String: String] = ["cluster": "Boolean", "cluster_id": "Number", "point_count": "Number",
                                        "point_count_abbreviated": "String"]
        for aggregate in index.aggregates { fields[aggregate.name] = "Number" }
        if let categories = index.categories {
            for name in categories.names { fields["count_" + name] = "Number" }
            fields["category"] = "String"
        }
        let layer = TilesetDescription.VectorLayer(id: ClusterIndex.vectorTileLayer, description: "Clusters and the points left alone at each zoom",
                                                   minZoom: zooms.lowerBound, maxZoom: zooms.upperBound, fields: fields)
        let name = ((points as NSString).lastPathComponent as NSString).deletingPathExtension
        return TilesetDescription(name: name, format: "pbf", bounds: bounds, minZoom: zooms.lowerBound, maxZoom: zooms.upperBound,
                                  kind: .overlay, description: "Clusters of \(name) by cairn", vectorLayers: [layer])
    }
}
