
/// `/tiles/…`: image tiles at 1x and @2x, and TileJSON.
extension APIOperations {
    static func tiles(_ config: ServerConfig) -> [APIOperation] {
        let animated = config.layers.compactMap(\.frames).map(\.urls.count).max()
        let zooms = OAS.zooms(config.layers.map { $0.minzoom...$0.maxzoom })
        var common: [APIOperation.Object] = [
            OAS.path("layer", OAS.names(config.layers.map(\.name)), "A configured layer."),
            OAS.path("z", OAS.integer(zooms), "Zoom (the layers' together); outside the layer's own minzoom…maxzoom the tile is a 404."),
            OAS.path("x", OAS.integer(0...(1 << zooms.upperBound) - 1), "Column, 0 to 2^z − 1 (beyond: 404)."),
            OAS.path("y", OAS.integer(0...(1 << zooms.upperBound) - 1), "Row (XYZ, north at 0), 0 to 2^z − 1 (beyond: 404)."),
            OAS.path("ext", OAS.choice(["png", "jpg", "jpeg", "webp"]),
                     "The format the tile is encoded in, whatever the layer's own; an animated layer's tiles are png (APNG) or webp."),
        ]
        if let animated {
            common.append(OAS.query("frame", OAS.integer(0...animated - 1),
                                    "Animated layers only: one frame as a still image (0 is the first); without it, the animation."))
        }
        let responses: (String) -> [String: APIOperation.Object] = { scale in
            ["200": OAS.response("The tile\(scale) (an animated layer's: APNG or animated WebP).",
                                 content: OAS.images(["image/png", "image/jpeg", "image/webp"]),
                                 headers: OAS.cachedImageHeaders)]
                .merging(OAS.errors(["304", "400", "404", "502", "503", "504"])) { $1 }
        }
        let route = "/tiles/{layer}/{z}/{x}/{file}"
        return [
            APIOperation(method: "get", path: "/tiles/{layer}/{z}/{x}/{y}.{ext}", route: route, id: "getTile", tag: "tiles",
                         summary: "A 256-pixel tile of a layer, through its renderer chain",
                         description: "Read from the disk cache, else fetched from the layer's source, run through the layer's chain and stored.",
                         parameters: common, responses: responses(""), signed: [.tiles]),
            APIOperation(method: "get", path: "/tiles/{layer}/{z}/{x}/{y}@2x.{ext}", route: route, id: "getTileRetina", tag: "tiles",
                         summary: "A 512-pixel (@2x) tile of a layer", parameters: common, responses: responses(" at twice the pixel density"),
                         signed: [.tiles]),
            APIOperation(method: "get", path: "/tiles/{layer}.json", route: "/tiles/{layer}", id: "getTileJSON", tag: "tiles",
                         summary: "TileJSON 3.0.0 of a layer",
                         description: "Tile URLs are absolute: built from server.base_url, else X-Forwarded-Proto/-Host/-Prefix, else Host.",
                         parameters: [OAS.path("layer", OAS.names(config.layers.map(\.name)), "A configured layer.")],
                         responses: ["200": OAS.response("The layer's TileJSON.", content: OAS.json(OAS.ref("TileJSON")),
                                                         headers: OAS.jsonHeaders)]
                            .merging(OAS.errors(["304", "404"])) { $1 }),
        ]
    }
}
