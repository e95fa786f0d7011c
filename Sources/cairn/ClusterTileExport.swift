import Clusters
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
        let plan = try zooms.map { z in (z: z, tiles: try index.coveredTiles(z: z).map { try TileID(z: z, x: $0.x, y: $0.y) }) }
        try await VectorTileExport(plan: plan, out: out, quiet: quiet, noun: "cluster tiles").run(
            make: { tile in index.tile(z: tile.z, x: tile.x, y: tile.y).isEmpty ? nil : index.vectorTile(z: tile.z, x: tile.x, y: tile.y) },
            describe: description(bounds:))
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
