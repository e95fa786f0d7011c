
/// The two kinds of tileset a collection has: map tiles (images, `…/map/tiles`) and vector tiles
/// (Mapbox Vector Tiles of a dataset's clusters, `…/tiles`).
enum OGCAPITileKind: Sendable {
    case map
    case vector

    /// The path of the collection's tilesets of this kind, after the collection's.
    var path: String { self == .map ? "/map/tiles" : "/tiles" }

    /// The tileset's `dataType`.
    var dataType: String { self == .map ? "map" : "vector" }

    /// The relation of the link from a collection to its tilesets of this kind.
    var tilesetsRelation: String { self == .map ? OGCAPI.Relation.mapTilesets : OGCAPI.Relation.vectorTilesets }

    /// The tile matrix sets the tiles are cut on: both for map tiles (the `@2x` tiles are
    /// `WebMercatorQuadx2`), `WebMercatorQuad` for vector tiles, which have no pixel size.
    var tileMatrixSets: [TileMatrixSet] { self == .map ? TileMatrixSet.all : [.webMercatorQuad] }
}

/// `GET /ogcapi/collections/{id}/map/tiles|tiles[/{tileMatrixSetId}]`: the tilesets of a
/// collection, and one tileset's metadata (its tile matrix set, the rows and columns it has tiles in
/// at each zoom, and the URL templates of its tiles in each encoding).
struct OGCAPITileset {
    let collection: OGCAPICollection
    let kind: OGCAPITileKind
    let tileMatrixSet: TileMatrixSet

    /// The encodings its tiles come in, the default first: the layer's formats, or MVT.
    var encodings: [OGCAPIEncoding] { kind == .map ? collection.layer.formats.map(OGCAPIEncoding.init) : [.mvt] }

    /// Its public URL, `base` being that of `/ogcapi`.
    func url(base: String) -> String { collection.url(base: base) + kind.path + "/" + tileMatrixSet.id }

    /// Its entry in the collection's list of tilesets.
    func summary(base: String) -> [String: Any] {
        var summary: [String: Any] = [
            "title": "\(collection.layer.title) (\(tileMatrixSet.id))",
            "dataType": kind.dataType,
            "crs": TileMatrixSet.crsURI,
            "links": [OGCAPI.link(url(base: base), rel: "self", title: "The tileset"), tilingScheme(base: base)],
        ]
        if tileMatrixSet.isRegistered { summary["tileMatrixSetURI"] = tileMatrixSet.uri }
        return summary
    }

    /// The tileset's metadata.
    func document(base: String) -> [String: Any] {
        let url = url(base: base)
        let template = url + "/{tileMatrix}/{tileRow}/{tileCol}"
        var document = summary(base: base)
        document["links"] = [OGCAPI.link(url, rel: "self", title: "This document"), tilingScheme(base: base),
                             OGCAPI.link(collection.url(base: base), rel: "collection", title: "The collection")]
            + encodings.map { encoding in
                OGCAPI.link(template + "?f=" + encoding.name, rel: "item", type: encoding.mediaType,
                            title: "A tile (\(encoding.name))", templated: true)
            }
        document["tileMatrixSetLimits"] = collection.layer.zooms.compactMap { zoom -> [String: Any]? in
            guard let range = collection.layer.limits(zoom: zoom) else { return nil }
            return ["tileMatrix": String(zoom), "minTileRow": range.minY, "maxTileRow": range.maxY,
                    "minTileCol": range.minX, "maxTileCol": range.maxX]
        }
        let bounds = collection.layer.bounds
        document["boundingBox"] = ["lowerLeft": [bounds.west, bounds.south], "upperRight": [bounds.east, bounds.north],
                                   "crs": OGCAPI.crs84]
        if kind == .vector { document["layers"] = [vectorLayer] }
        return document
    }

    /// The one layer of its vector tiles: the clusters and lone points, or the grid's cells
    /// (polygons; points with `?geometry=point`).
    private var vectorLayer: [String: Any] {
        if case .grid = collection.layer.origin {
            return ["id": "grid", "dataType": "vector", "geometryDimension": 2,
                    "description": "The grid's cells holding points, with their count."]
        }
        return ["id": "clusters", "dataType": "vector", "geometryDimension": 0,
                "description": "The clusters (with point_count) and lone points."]
    }

    private func tilingScheme(base: String) -> [String: Any] {
        OGCAPI.link(base + "/tileMatrixSets/" + tileMatrixSet.id, rel: OGCAPI.Relation.tilingScheme, title: "The tile matrix set")
    }

    /// `GET /ogcapi/collections/{id}/map/tiles|tiles`.
    static func list(_ collection: OGCAPICollection, kind: OGCAPITileKind, base: String) -> [String: Any] {
        ["tilesets": kind.tileMatrixSets.map { OGCAPITileset(collection: collection, kind: kind, tileMatrixSet: $0).summary(base: base) },
         "links": [OGCAPI.link(collection.url(base: base) + kind.path, rel: "self", title: "This document")]]
    }
}
