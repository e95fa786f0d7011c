/// OGC API – Tiles 1.0 under `/ogcapi`: the landing page, the conformance classes, and the links
/// every document carries. The collections are the WMTS's layers (``WMTSCatalog``: a configured
/// layer by its name, a dataset's clusters as `clusters:{dataset}`), so a client sees the same
/// identifiers in both standards; their tiles are answered by the routes they stand for.
enum OGCAPI {
    /// The path every document is under.
    static let root = "/ogcapi"

    /// The conformance classes served: OGC API – Common Part 1's core, landing page and JSON, and
    /// Tiles 1.0's core, tileset metadata, tileset lists, the collections' tilesets (geodata) and
    /// the PNG, JPEG and Mapbox Vector Tile encodings. Not the `oas30` classes (`/openapi.json` is
    /// OpenAPI 3.1), nor `dataset-tilesets` (no tileset spans several collections), nor
    /// `collections-selection`.
    static let conformanceClasses = [
        "http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/core",
        "http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/landing-page",
        "http://www.opengis.net/spec/ogcapi-common-1/1.0/conf/json",
    ] + ["core", "tileset", "tilesets-list", "geodata-tilesets", "png", "jpeg", "mvt"].map {
        "http://www.opengis.net/spec/ogcapi-tiles-1/1.0/conf/\($0)"
    }

    /// The link relations of OGC's register that the documents use.
    enum Relation {
        static let conformance = "http://www.opengis.net/def/rel/ogc/1.0/conformance"
        static let tilingSchemes = "http://www.opengis.net/def/rel/ogc/1.0/tiling-schemes"
        static let tilingScheme = "http://www.opengis.net/def/rel/ogc/1.0/tiling-scheme"
        static let mapTilesets = "http://www.opengis.net/def/rel/ogc/1.0/tilesets-map"
        static let vectorTilesets = "http://www.opengis.net/def/rel/ogc/1.0/tilesets-vector"
    }

    /// WGS 84 longitude, latitude: the CRS of every `extent` and `boundingBox`.
    static let crs84 = "http://www.opengis.net/def/crs/OGC/1.3/CRS84"

    /// A link object: `href`, `rel`, `type`, and a `title` and `templated` when given.
    static func link(_ href: String, rel: String, type: String = "application/json", title: String? = nil,
                     templated: Bool = false) -> [String: Any] {
        var link: [String: Any] = ["href": href, "rel": rel, "type": type]
        if let title { link["title"] = title }
        if templated { link["templated"] = true }
        return link
    }

    /// `GET /ogcapi`: the API's title and its links, `base` being the public URL of `/ogcapi`.
    static func landingPage(base: String, server: String) -> [String: Any] {
        [
            "title": "Cairn",
            "description": "Map layers and cluster datasets as OGC API – Tiles 1.0 tilesets.",
            "links": [
                link(base, rel: "self", title: "This document"),
                link(server + "/openapi.json", rel: "service-desc", type: "application/vnd.oai.openapi+json;version=3.1",
                     title: "The API definition (OpenAPI 3.1)"),
                link(base + "/conformance", rel: Relation.conformance, title: "The conformance classes implemented"),
                link(base + "/collections", rel: "data", title: "The layers and datasets"),
                link(base + "/tileMatrixSets", rel: Relation.tilingSchemes, title: "The tile matrix sets"),
            ],
        ]
    }

    /// `GET /ogcapi/conformance`.
    static func conformance(base: String) -> [String: Any] {
        ["conformsTo": conformanceClasses, "links": [link(base + "/conformance", rel: "self", title: "This document")]]
    }
}
