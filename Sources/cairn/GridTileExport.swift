import Density
import Foundation
import Tiles

/// `cairn grid POINTS --out FILE --zoom A-B`: the grid's vector tiles — the bytes
/// `/grid/{dataset}/{z}/{x}/{y}.mvt` answers for the same options — written by ``VectorTileExport``;
/// only tiles that a cell with points reaches into.
struct GridTileExport {
    let grid: Grid
    let options: GridOptions
    let zooms: ClosedRange<Int>
    let points: String
    let out: String
    let quiet: Bool

    func run() async throws {
        let plan = try zooms.map { z in (z: z, tiles: try grid.coveredTiles(zoom: z, options: options)) }
        try await VectorTileExport(plan: plan, out: out, quiet: quiet, noun: "grid tiles").run(
            make: { tile in try grid.vectorTile(tile, options: options) }, describe: description(bounds:))
    }

    /// Name, format `pbf`, the covered bounds, the zooms, and the vector layer of cells.
    private func description(bounds: BoundingBox?) -> TilesetDescription {
        var fields: [String: String] = ["count": "Number"]
        for aggregate in grid.index.aggregates { fields[aggregate.name] = "Number" }
        if let categories = grid.index.categories {
            for name in categories.names { fields["count_" + name] = "Number" }
            fields["category"] = "String"
        }
        let shape = options.shape == .hex ? "Hexagons" : "Squares"
        let layer = TilesetDescription.VectorLayer(id: Grid.vectorTileLayer, description: "\(shape) of \(options.cell) pixels with the points they hold",
                                                   minZoom: zooms.lowerBound, maxZoom: zooms.upperBound, fields: fields)
        let name = ((points as NSString).lastPathComponent as NSString).deletingPathExtension
        return TilesetDescription(name: name, format: "pbf", bounds: bounds, minZoom: zooms.lowerBound, maxZoom: zooms.upperBound,
                                  kind: .overlay, description: "\(shape) grid of \(name) by cairn", vectorLayers: [layer])
    }
}
