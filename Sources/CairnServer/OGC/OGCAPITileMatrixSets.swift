/// `GET /ogcapi/tileMatrixSets[/{id}]`: the tile matrix sets as OGC's Two Dimensional Tile Matrix
/// Set 2.0 JSON encoding defines them (`WebMercatorQuad` member for member as OGC's registry and
/// morecantile give it).
extension TileMatrixSet {
    /// The registry's URI of the `GoogleMapsCompatible` well-known scale set, as TMS 2.0 JSON names it.
    static let wellKnownScaleSetURI = "http://www.opengis.net/def/wkss/OGC/1.0/GoogleMapsCompatible"

    /// Whether OGC's registry defines the set (`WebMercatorQuad`): then its `uri` is the registry's.
    var isRegistered: Bool { uri.hasPrefix("http://www.opengis.net/def/tilematrixset/") }

    /// The set's definition: its CRS, axes, and each matrix's scale, cell size, origin and size.
    var definition: [String: Any] {
        // π·6378137, the top-left corner's distance from the origin on each axis, to the last bit.
        let half = Self.cellSizeAtZero256 * 128
        var definition: [String: Any] = [
            "id": id,
            "title": title,
            "crs": Self.crsURI,
            "orderedAxes": ["X", "Y"],
            "tileMatrices": matrices.map { matrix -> [String: Any] in
                [
                    "id": matrix.id,
                    "scaleDenominator": matrix.scaleDenominator,
                    "cellSize": matrix.cellSize,
                    "cornerOfOrigin": "topLeft",
                    "pointOfOrigin": [-half, half],
                    "tileWidth": tileSize,
                    "tileHeight": tileSize,
                    "matrixWidth": matrix.matrixSize,
                    "matrixHeight": matrix.matrixSize,
                ]
            },
        ]
        if isRegistered {
            definition["uri"] = uri
            definition["wellKnownScaleSet"] = Self.wellKnownScaleSetURI
        }
        return definition
    }

    /// The set's entry in `/ogcapi/tileMatrixSets`, `base` being the public URL of `/ogcapi`.
    func summary(base: String) -> [String: Any] {
        var summary: [String: Any] = [
            "id": id, "title": title, "crs": Self.crsURI,
            "links": [OGCAPI.link(base + "/tileMatrixSets/" + id, rel: OGCAPI.Relation.tilingScheme, title: "The definition")],
        ]
        if isRegistered { summary["uri"] = uri }
        return summary
    }

    /// `GET /ogcapi/tileMatrixSets`.
    static func list(base: String) -> [String: Any] {
        ["tileMatrixSets": all.map { $0.summary(base: base) },
         "links": [OGCAPI.link(base + "/tileMatrixSets", rel: "self", title: "This document")]]
    }
}
