import Foundation

/// One collection of `/ogcapi/collections`: a WMTS layer (``WMTSLayer``, by its identifier) with
/// its map tiles, and for a dataset's clusters (`clusters:{dataset}`) and grid (`grid:{dataset}`)
/// their vector tiles too, at the same zooms.
struct OGCAPICollection: Sendable {
    let layer: WMTSLayer

    var id: String { layer.identifier }

    /// Whether it has vector tiles: a dataset's clusters and grid do, a layer and a heatmap do not.
    var hasVectorTiles: Bool { layer.origin.hasVectorTiles }

    /// The kinds of tileset the collection has: map tiles always, vector tiles for clusters and grids.
    var kinds: [OGCAPITileKind] { hasVectorTiles ? [.map, .vector] : [.map] }

    /// Every collection, in the WMTS's order (layers, then each dataset's clusters, heatmap and grid).
    static func all(_ catalog: WMTSCatalog) async -> [OGCAPICollection] {
        await catalog.layers().map { OGCAPICollection(layer: $0) }
    }

    /// The collection `id` names, as a path segment sends it (percent-encoded or not); nil for none.
    static func named(_ id: String, in catalog: WMTSCatalog) async -> OGCAPICollection? {
        await catalog.layer(id.removingPercentEncoding ?? id).map { OGCAPICollection(layer: $0) }
    }

    /// The collection as a configuration alone gives it, without asking a source (what a tile
    /// request is checked against); nil for none.
    static func configured(_ id: String, in catalog: WMTSCatalog) -> OGCAPICollection? {
        catalog.configuredLayer(id.removingPercentEncoding ?? id).map { OGCAPICollection(layer: $0) }
    }

    /// Its public URL, `base` being that of `/ogcapi`.
    func url(base: String) -> String {
        base + "/collections/" + (id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? id)
    }

    /// `GET /ogcapi/collections/{id}` (and its entry in `/ogcapi/collections`).
    func document(base: String) -> [String: Any] {
        let url = url(base: base)
        let bounds = layer.bounds
        var links = [OGCAPI.link(url, rel: "self", title: "This collection")]
        for kind in kinds {
            links.append(OGCAPI.link(url + kind.path, rel: kind.tilesetsRelation, title: "The \(kind.dataType) tilesets"))
        }
        return [
            "id": id,
            "title": layer.title,
            "description": layer.abstract,
            "extent": ["spatial": ["bbox": [[bounds.west, bounds.south, bounds.east, bounds.north]], "crs": OGCAPI.crs84]],
            "dataType": hasVectorTiles ? "vector" : "map",
            "links": links,
        ]
    }

    /// `GET /ogcapi/collections`.
    static func list(_ collections: [OGCAPICollection], base: String) -> [String: Any] {
        ["collections": collections.map { $0.document(base: base) },
         "links": [OGCAPI.link(base + "/collections", rel: "self", title: "This document")]]
    }
}
