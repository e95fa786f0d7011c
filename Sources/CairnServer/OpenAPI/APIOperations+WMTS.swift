/// `/wmts…`: OGC WMTS 1.0.0, its capabilities and GetTile in the RESTful and KVP encodings.
extension APIOperations {
    static func wmts(_ config: ServerConfig) -> [APIOperation] {
        let layers = WMTSLayer.Origin.listed(in: config).map(\.identifier)
        let sets = TileMatrixSet.all.map(\.id)
        let deepest = TileMatrixSet.deepestZoom
        let index = OAS.integer(0...(1 << deepest) - 1)
        let report = ["application/xml": APIOperation.Object()]
        func exception(_ description: String, headers: [String] = ["Cache-Control"]) -> APIOperation.Object {
            OAS.response(description + " An OWS ExceptionReport: its exceptionCode, and locator naming the parameter.",
                         content: report, headers: headers)
        }
        let failures: [String: APIOperation.Object] = [
            "400": exception("MissingParameterValue, InvalidParameterValue (an unknown layer, style, tile matrix set or format) or TileOutOfRange."),
            "404": exception("NoApplicableCode: the layer has no such tile."),
            "502": exception("NoApplicableCode: the upstream answered with an error or something that is not an image."),
            "503": exception("NoApplicableCode: overloaded, a dataset still loading, or shutting down; try again.",
                             headers: ["Cache-Control", "Retry-After"]),
            "504": exception("NoApplicableCode: the upstream did not answer in time."),
        ]
        let images = OAS.images(["image/png", "image/jpeg", "image/webp"])
        let tile = OAS.response("The tile: the same answer (bytes, ETag, caching fields) as the layer's /tiles/… or /clusters/… route.",
                                content: images, headers: OAS.cachedImageHeaders)
        let capabilities = OAS.response("The WMTS 1.0.0 capabilities: every layer, its formats and limits, the tile matrix sets.",
                                        content: report, headers: ["ETag", "Cache-Control", "Vary"])
        // GetTile's parameters as the RESTful path names them (the KVP query names them in capitals).
        let tileParameters: [(name: String, schema: APIOperation.Object, description: String)] = [
            ("layer", OAS.names(layers), "A layer's name, or clusters:, heatmap: or grid:{dataset} for a dataset's overlays."),
            ("style", OAS.choice([WMTSCapabilities.style]), "The one style."),
            ("TileMatrixSet", OAS.choice(sets), "The tile matrix set."),
            ("TileMatrix", OAS.integer(0...deepest), "The matrix: the zoom (outside the layer's: TileOutOfRange)."),
            ("TileRow", index, "The row, north at 0 (outside the layer's limits: TileOutOfRange)."),
            ("TileCol", index, "The column (outside the layer's limits: TileOutOfRange)."),
        ]
        let restPath = "/wmts/1.0.0/{layer}/{style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.{ext}"
        return [
            APIOperation(method: "get", path: "/wmts/1.0.0/WMTSCapabilities.xml", route: "/wmts/1.0.0/WMTSCapabilities.xml",
                         id: "getWMTSCapabilities", tag: "tiles", summary: "WMTS 1.0.0 capabilities (RESTful), the URL for QGIS and ArcGIS",
                         description: "URLs from server.base_url, else X-Forwarded-Proto/-Host/-Prefix, else Host.",
                         responses: ["200": capabilities].merging(OAS.errors(["304"])) { $1 }),
            APIOperation(method: "get", path: restPath, route: "/wmts/1.0.0/{layer}/{style}/{tileMatrixSet}/{tileMatrix}/{tileRow}/{file}",
                         id: "getWMTSTile", tag: "tiles", summary: "WMTS GetTile (RESTful)",
                         description: "WebMercatorQuad serves the 256-pixel tile, WebMercatorQuadx2 the @2x tile of the same matrix, row and column.",
                         parameters: tileParameters.map { OAS.path($0.name, $0.schema, $0.description) }
                            + [OAS.path("ext", OAS.choice(["png", "jpg", "jpeg", "webp"]), "The format; one the layer serves.")],
                         responses: ["200": tile].merging(OAS.errors(["304"])) { $1 }.merging(failures) { $1 }),
            APIOperation(method: "get", path: "/wmts", route: "/wmts", id: "getWMTS", tag: "tiles",
                         summary: "WMTS 1.0.0 in the KVP encoding: GetCapabilities and GetTile",
                         description: "Parameter names in any case, values as WMTS 1.0.0 spells them. GetTile needs VERSION and every tile parameter.",
                         parameters: [
                            OAS.query("SERVICE", OAS.choice(["WMTS"]), "The service.", example: "WMTS"),
                            OAS.query("REQUEST", OAS.choice(["GetCapabilities", "GetTile"]), "The operation (another: 501 OperationNotSupported).",
                                      example: "GetCapabilities"),
                            OAS.query("VERSION", OAS.choice(["1.0.0"]), "GetTile: the version."),
                         ] + tileParameters.map { OAS.query($0.name.uppercased(), $0.schema, "GetTile: " + $0.description) } + [
                            OAS.query("FORMAT", OAS.choice(["image/png", "image/jpeg", "image/webp"]), "GetTile: the format."),
                         ],
                         responses: ["200": OAS.response("The capabilities (GetCapabilities) or the tile (GetTile).",
                                                         content: report.merging(images) { $1 }, headers: ["ETag", "Cache-Control"]),
                                     "501": exception("OperationNotSupported: a REQUEST other than GetCapabilities and GetTile.")]
                            .merging(OAS.errors(["304"])) { $1 }.merging(failures) { $1 }),
        ]
    }
}
