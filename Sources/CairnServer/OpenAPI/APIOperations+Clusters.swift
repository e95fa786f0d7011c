import Clusters
import Markers
import Tiles

/// `/clusters/{dataset}…`: clusters as GeoJSON, a cluster's children, leaves and expansion zoom,
/// vector and raster cluster tiles, and the cards of points.
extension APIOperations {
    static func clusters(_ config: ServerConfig) -> [APIOperation] {
        let dataset = OAS.path("dataset", OAS.names(config.datasets.map(\.name)), "A configured dataset.")
        let filter = OAS.query("filter", OAS.string(maxLength: config.limits.maxFilter),
                               "CQL2 text over the points' properties; the clusters of the matching points.", example: "population > 100000")
        let id = OAS.path("id", OAS.integer(0...Int.max), "A cluster's cluster_id (from a GeoJSON answer).")
        let extent = OAS.query("extent", OAS.choice(ClusterExtent.allCases.map(\.rawValue)),
                               "Each cluster with its points' bounding box (bbox) or convex hull (hull).", example: "hull")
        let zooms = OAS.zooms(config.datasets.map { $0.minzoom...$0.maxzoom })
        let grid = OAS.integer(0...(1 << zooms.upperBound) - 1)
        let tile = [dataset, OAS.path("z", OAS.integer(zooms), "Zoom (the datasets' together); outside the dataset's own minzoom…maxzoom a 404."),
                    OAS.path("x", grid, "Column, 0 to 2^z − 1 (beyond: 404)."), OAS.path("y", grid, "Row, 0 to 2^z − 1 (beyond: 404).")]
        // A dataset still loading answers 503.
        let geoJSON: [String: APIOperation.Object] = [
            "200": OAS.response("A GeoJSON FeatureCollection, supercluster's shape.",
                                content: OAS.json(OAS.ref("FeatureCollection"), mediaType: "application/geo+json"),
                                headers: OAS.jsonHeaders + ["Last-Modified"]),
        ].merging(OAS.errors(["304", "400", "404", "503"])) { $1 }
        let cluster = "/clusters/{dataset}/{z}/{x}"
        let files = "/clusters/{dataset}/{z}/{x}/{file}"
        let raster = OAS.path("ext", OAS.choice(["png", "webp"]), "Transparent PNG or WebP.")
        let overlay: (String) -> [String: APIOperation.Object] = { what in
            ["200": OAS.response(what, content: OAS.images(["image/png", "image/webp"]), headers: OAS.cachedImageHeaders)]
                .merging(OAS.errors(["304", "400", "404", "503"])) { $1 }
        }
        return [
            APIOperation(method: "get", path: "/clusters/{dataset}", route: "/clusters/{dataset}", id: "getClusters", tag: "clusters",
                         summary: "The clusters and lone points in a box at a zoom",
                         parameters: [dataset,
                                      OAS.query("bbox", OAS.string(pattern: "^-?[0-9.]+,-?[0-9.]+,-?[0-9.]+,-?[0-9.]+$"),
                                                "W,S,E,N in degrees (default the world); W > E crosses the antimeridian.", example: "-10,35,30,60"),
                                      OAS.query("zoom", OAS.number(0...Double(TileID.maximumZoom)), "The zoom.", required: true, example: 3), filter,
                                      extent],
                         responses: geoJSON, signed: [.clusters]),
            APIOperation(method: "get", path: "/clusters/{dataset}/{id}/children", route: cluster, id: "getClusterChildren", tag: "clusters",
                         summary: "A cluster's children one zoom in", parameters: [dataset, id, filter, extent], responses: geoJSON, signed: [.clusters]),
            APIOperation(method: "get", path: "/clusters/{dataset}/{id}/leaves", route: cluster, id: "getClusterLeaves", tag: "clusters",
                         summary: "A cluster's points, a page at a time",
                         parameters: [dataset, id,
                                      OAS.query("limit", OAS.integer(1...100_000), "Points in the page (default 10).", example: 5),
                                      OAS.query("offset", OAS.integer(0...Int(Int32.max)), "Points skipped (default 0)."), filter],
                         responses: geoJSON, signed: [.clusters]),
            APIOperation(method: "get", path: "/clusters/{dataset}/{id}/expansion-zoom", route: cluster, id: "getClusterExpansionZoom",
                         tag: "clusters", summary: "The zoom at which a cluster splits", parameters: [dataset, id, filter],
                         responses: ["200": OAS.response("The cluster's expansion zoom.", content: OAS.json(OAS.ref("ExpansionZoom")),
                                                         headers: OAS.jsonHeaders + ["Last-Modified"])]
                            .merging(OAS.errors(["304", "400", "404", "503"])) { $1 },
                         signed: [.clusters]),
            APIOperation(method: "get", path: "/clusters/{dataset}/{z}/{x}/{y}.mvt", route: files, id: "getClusterVectorTile", tag: "clusters",
                         summary: "A Mapbox Vector Tile of the clusters (layer `clusters`; with extent=hull also `hulls`); `.pbf` is the same",
                         parameters: tile + [filter, extent],
                         responses: ["200": OAS.response("The vector tile, gzipped for clients that accept it.",
                                                         content: OAS.images([VectorTile.mediaType]),
                                                         headers: OAS.cachedImageHeaders + ["Vary", "Content-Encoding"])]
                            .merging(OAS.errors(["304", "400", "404", "503"])) { $1 },
                         signed: [.clusters]),
            APIOperation(method: "get", path: "/clusters/{dataset}/{z}/{x}/{y}.{ext}", route: files, id: "getClusterTile", tag: "clusters",
                         summary: "A transparent overlay tile of cluster badges and point markers", parameters: tile + [raster, filter],
                         responses: overlay("The overlay tile."), signed: [.clusters]),
            APIOperation(method: "get", path: "/clusters/{dataset}/{z}/{x}/{y}@2x.{ext}", route: files, id: "getClusterTileRetina",
                         tag: "clusters", summary: "A 512-pixel (@2x) overlay tile", parameters: tile + [raster, filter],
                         responses: overlay("The overlay tile at twice the pixel density."), signed: [.clusters]),
            APIOperation(method: "get", path: "/clusters/{dataset}/points/{id}/card.png", route: files, id: "getPointCard", tag: "clusters",
                         summary: "The info-window card of one point, filled from its properties (datasets with a card template)",
                         parameters: [dataset, OAS.path("id", OAS.string(maxLength: 128, minLength: 1), "The point's id."),
                                      OAS.query("scale", OAS.integer(1...config.limits.maxScale), "Pixel density (default 1)."),
                                      OAS.query("theme", OAS.choice(CardTheme.named.keys.sorted()), "Colours (default light).")],
                         responses: overlay("The card.").merging(["200": OAS.response("The card.", content: OAS.images(["image/png"]),
                                                                                      headers: OAS.cachedImageHeaders)]) { $1 },
                         signed: [.clusters, .cards]),
        ]
    }
}
