import Clusters

/// `/ogcapi/…`: OGC API – Tiles 1.0 — the landing page, conformance, tile matrix sets, collections,
/// their tilesets and tiles.
extension APIOperations {
    static func ogcapi(_ config: ServerConfig) -> [APIOperation] {
        // The collections the WMTS lists (unless signed); those with vector tiles: the datasets' clusters and grids.
        let origins = WMTSLayer.Origin.listed(in: config)
        let collection = OAS.path("collectionId", OAS.names(origins.map(\.identifier)),
                                  "A layer, or a dataset's clusters, heatmap or grid (clusters:, heatmap:, grid:{dataset}).")
        let dataset = OAS.path("collectionId", OAS.names(origins.filter(\.hasVectorTiles).map(\.identifier)),
                               "A dataset's clusters or grid (clusters:{dataset}, grid:{dataset}).")
        let mapSet = OAS.path("tileMatrixSetId", OAS.choice(TileMatrixSet.all.map(\.id)),
                              "WebMercatorQuad (256-pixel tiles) or WebMercatorQuadx2 (the @2x tiles, 512 pixels).")
        let vectorSet = OAS.path("tileMatrixSetId", OAS.choice([TileMatrixSet.webMercatorQuad.id]), "WebMercatorQuad.")
        let cell = OAS.integer(0...(1 << TileMatrixSet.deepestZoom) - 1)
        let tile = [OAS.path("tileMatrix", OAS.string(pattern: "^(1?[0-9]|2[0-4])$"),
                             "The zoom, 0 to 24; outside the collection's zooms the tile is a 404."),
                    OAS.path("tileRow", cell, "Row, north at 0, 0 to 2^zoom − 1 (beyond: 404)."),
                    OAS.path("tileCol", cell, "Column, 0 to 2^zoom − 1 (beyond: 404).")]
        let link = OAS.object(["href": OAS.string(), "rel": OAS.string(), "type": OAS.string(), "title": OAS.string(),
                               "templated": ["type": "boolean"]], required: ["href", "rel"])
        let links = OAS.array(link)
        func document(_ description: String, _ properties: [String: APIOperation.Object], required: [String],
                      errors: [String] = ["304"]) -> [String: APIOperation.Object] {
            ["200": OAS.response(description, content: OAS.json(OAS.object(properties, required: required)), headers: OAS.jsonHeaders)]
                .merging(OAS.errors(errors)) { $1 }
        }
        let tilesets = document("The collection's tilesets, one per tile matrix set.",
                                ["tilesets": OAS.array(OAS.object(["dataType": OAS.choice(["map", "vector"]), "crs": OAS.string(),
                                                                   "links": links], required: ["dataType", "crs", "links"])),
                                 "links": links], required: ["tilesets", "links"], errors: ["304", "404"])
        let tileset = document("The tileset's metadata: its tile matrix set, limits and the templates of its tiles' URLs.",
                               ["dataType": OAS.choice(["map", "vector"]), "crs": OAS.string(), "tileMatrixSetURI": OAS.string(),
                                "tileMatrixSetLimits": OAS.array(OAS.object(["tileMatrix": OAS.string(), "minTileRow": OAS.integer(minimum: 0),
                                                                             "maxTileRow": OAS.integer(minimum: 0), "minTileCol": OAS.integer(minimum: 0),
                                                                             "maxTileCol": OAS.integer(minimum: 0)],
                                                                            required: ["tileMatrix", "minTileRow", "maxTileRow", "minTileCol", "maxTileCol"])),
                                "links": links], required: ["dataType", "crs", "tileMatrixSetLimits", "links"], errors: ["304", "404"])
        let collectionSchema = OAS.object(["id": OAS.string(), "title": OAS.string(), "description": OAS.string(),
                                           "extent": OAS.object(["spatial": OAS.object(["bbox": OAS.array(OAS.array(["type": "number"], count: 4...4)),
                                                                                        "crs": OAS.string()], required: ["bbox"])]),
                                           "links": links], required: ["id", "extent", "links"])
        let prefix = "/ogcapi/collections/{collectionId}"
        let mapTile = prefix + "/map/tiles/{tileMatrixSetId}/{tileMatrix}/{tileRow}/{tileCol}"
        let vectorTile = prefix + "/tiles/{tileMatrixSetId}/{tileMatrix}/{tileRow}/{tileCol}"
        let imageResponses = ["200": OAS.response("The tile, the same answer as /tiles/… or /clusters/… give (PNG, JPEG or WebP).",
                                                  content: OAS.images(["image/png", "image/jpeg", "image/webp"]),
                                                  headers: OAS.cachedImageHeaders + ["Vary"])]
            .merging(OAS.errors(["304", "400", "404", "502", "503", "504"])) { $1 }
        let operation = { (path: String, id: String, summary: String, parameters: [APIOperation.Object], responses: [String: APIOperation.Object]) in
            APIOperation(method: "get", path: path, route: path, id: id, tag: "tiles", summary: summary, parameters: parameters, responses: responses)
        }
        return [
            operation("/ogcapi", "getOGCAPILandingPage", "OGC API – Tiles: the landing page", [],
                      document("The API's title and links.", ["title": OAS.string(), "links": links], required: ["links"])),
            operation("/ogcapi/conformance", "getOGCAPIConformance", "The OGC API conformance classes implemented", [],
                      document("The classes.", ["conformsTo": OAS.array(OAS.string()), "links": links], required: ["conformsTo"])),
            operation("/ogcapi/tileMatrixSets", "getTileMatrixSets", "The tile matrix sets", [],
                      document("The sets.", ["tileMatrixSets": OAS.array(OAS.object(["id": OAS.string(), "links": links], required: ["id", "links"])),
                                             "links": links], required: ["tileMatrixSets"])),
            operation("/ogcapi/tileMatrixSets/{tileMatrixSetId}", "getTileMatrixSet",
                      "A tile matrix set's definition (OGC 2-D Tile Matrix Set 2.0 JSON)", [mapSet],
                      document("The definition.", ["id": OAS.string(), "crs": OAS.string(),
                                                   "tileMatrices": OAS.array(OAS.object([:], required: ["id", "scaleDenominator", "cellSize",
                                                                                                         "pointOfOrigin", "tileWidth", "tileHeight",
                                                                                                         "matrixWidth", "matrixHeight"]),
                                                                             count: 25...25)],
                               required: ["id", "crs", "tileMatrices"], errors: ["304", "404"])),
            operation("/ogcapi/collections", "getOGCAPICollections", "The collections: every layer and every dataset's clusters, heatmap and grid", [],
                      document("The collections.", ["collections": OAS.array(collectionSchema), "links": links], required: ["collections", "links"])),
            operation(prefix, "getOGCAPICollection", "A collection", [collection],
                      ["200": OAS.response("The collection.", content: OAS.json(collectionSchema), headers: OAS.jsonHeaders)]
                        .merging(OAS.errors(["304", "404"])) { $1 }),
            operation(prefix + "/map/tiles", "getMapTilesets", "A collection's map tilesets", [collection], tilesets),
            operation(prefix + "/map/tiles/{tileMatrixSetId}", "getMapTileset", "A map tileset's metadata", [collection, mapSet], tileset),
            APIOperation(method: "get", path: mapTile, route: mapTile, id: "getMapTile", tag: "tiles",
                         summary: "A map tile of a collection, in the encoding f= or else Accept asks for",
                         parameters: [collection, mapSet] + tile + [OAS.query("f", OAS.choice(["png", "jpeg", "webp"]),
                                                                              "The encoding (an animated layer, a dataset's clusters, heatmap or grid: png or webp); without it, Accept, else the layer's own.")],
                         responses: imageResponses),
            operation(prefix + "/tiles", "getVectorTilesets", "A dataset's vector tilesets", [dataset], tilesets),
            operation(prefix + "/tiles/{tileMatrixSetId}", "getVectorTileset", "A vector tileset's metadata", [dataset, vectorSet], tileset),
            APIOperation(method: "get", path: vectorTile, route: vectorTile, id: "getVectorTile", tag: "tiles",
                         summary: "A Mapbox Vector Tile of a dataset's clusters (layer `clusters`) or grid (layer `grid`), as /clusters|grid/{dataset}/{z}/{x}/{y}.mvt",
                         parameters: [dataset, vectorSet] + tile + [
                            OAS.query("f", OAS.choice(["mvt"]), "The encoding."),
                            OAS.query("filter", OAS.string(maxLength: config.limits.maxFilter),
                                      "CQL2 text over the points' properties; the clusters or cells of the matching points.", example: "population > 100000"),
                         ],
                         responses: ["200": OAS.response("The vector tile, gzipped for clients that accept it.",
                                                         content: OAS.images([VectorTile.mediaType]),
                                                         headers: OAS.cachedImageHeaders + ["Vary", "Content-Encoding"])]
                            .merging(OAS.errors(["304", "400", "404", "503"])) { $1 }),
        ]
    }
}
