import Clusters
import Density
import Tiles

/// `/heatmap/{dataset}/…` and `/grid/{dataset}/…`: a dataset's density maps as tiles.
extension APIOperations {
    static func density(_ config: ServerConfig) -> [APIOperation] {
        let dataset = OAS.path("dataset", OAS.names(config.datasets.map(\.name)), "A configured dataset.")
        let filter = OAS.query("filter", OAS.string(maxLength: config.limits.maxFilter),
                               "CQL2 text over the points' properties; the density of the matching points.", example: "population > 100000")
        let zooms = OAS.zooms(config.datasets.map { $0.minzoom...$0.maxzoom })
        let grid = OAS.integer(0...(1 << zooms.upperBound) - 1)
        let tile = [dataset, OAS.path("z", OAS.integer(zooms), "Zoom (the datasets' together); outside the dataset's own minzoom…maxzoom a 404."),
                    OAS.path("x", grid, "Column, 0 to 2^z − 1 (beyond: 404)."), OAS.path("y", grid, "Row, 0 to 2^z − 1 (beyond: 404).")]
        let look = [OAS.query("ramp", OAS.string(maxLength: 512), "heat, viridis, magma, inferno, plasma, turbo, greys, or stops POSITION:COLOUR,…",
                              example: "viridis"),
                    OAS.query("opacity", OAS.number(0...1), "The colours' opacity (default 1).")]
        let heatmap = tile + [OAS.path("ext", OAS.choice(["png", "webp"]), "PNG or WebP."), filter,
                              OAS.query("radius", OAS.number(HeatmapOptions.radiusLimits), "Kernel radius in CSS pixels (default 20).", example: 30),
                              OAS.query("kernel", OAS.choice(["quartic", "gaussian"]), "The kernel (default quartic)."),
                              OAS.query("weight", OAS.string(maxLength: 128, minLength: 1), "A numeric property weighing each point (default 1).")] + look
        let cells = [filter, OAS.query("shape", OAS.choice(GridShape.allCases.map(\.rawValue)), "The cells' shape (default square)."),
                     OAS.query("cell", OAS.integer(8...256), "Cell size in px of a 256-px tile: 8, 16, 32 (default), 64, 128 or 256.", example: 64),
                     OAS.query("geometry", OAS.choice(GridOptions.Geometry.allCases.map(\.rawValue)), "MVT: the cells, or their centres.")] + look
        let image: (String, [String]) -> [String: APIOperation.Object] = { what, types in
            ["200": OAS.response(what, content: OAS.images(types), headers: OAS.cachedImageHeaders)]
                .merging(OAS.errors(["304", "400", "404", "503"])) { $1 }
        }
        let files = "/heatmap/{dataset}/{z}/{x}/{file}", gridFiles = "/grid/{dataset}/{z}/{x}/{file}"
        return [
            APIOperation(method: "get", path: "/heatmap/{dataset}/{z}/{x}/{y}.{ext}", route: files, id: "getHeatmapTile", tag: "density",
                         summary: "A heatmap tile on one colour scale for the whole map", parameters: heatmap,
                         responses: image("The heatmap tile.", ["image/png", "image/webp"])),
            APIOperation(method: "get", path: "/heatmap/{dataset}/{z}/{x}/{y}@2x.{ext}", route: files, id: "getHeatmapTileRetina", tag: "density",
                         summary: "A 512-pixel (@2x) heatmap tile", parameters: heatmap,
                         responses: image("The heatmap tile at twice the pixel density.", ["image/png", "image/webp"])),
            APIOperation(method: "get", path: "/grid/{dataset}/{z}/{x}/{y}.{ext}", route: gridFiles, id: "getGridTile", tag: "density",
                         summary: "Square or hexagon cells with their counts: MVT (layer grid), GeoJSON, or a choropleth",
                         parameters: tile + [OAS.path("ext", OAS.choice(["mvt", "geojson", "png", "webp"]), "The answer's format.")] + cells,
                         responses: image("The grid tile.", [VectorTile.mediaType, "application/geo+json", "image/png", "image/webp"])),
            APIOperation(method: "get", path: "/grid/{dataset}/{z}/{x}/{y}@2x.{ext}", route: gridFiles, id: "getGridTileRetina", tag: "density",
                         summary: "A 512-pixel (@2x) choropleth of the cells",
                         parameters: tile + [OAS.path("ext", OAS.choice(["png", "webp"]), "PNG or WebP.")] + cells,
                         responses: image("The choropleth at twice the pixel density.", ["image/png", "image/webp"])),
        ]
    }
}
