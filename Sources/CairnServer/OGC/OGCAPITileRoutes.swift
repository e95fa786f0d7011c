import Hummingbird

/// `/ogcapi/collections/{id}/map/tiles/{tileMatrixSetId}/{tileMatrix}/{tileRow}/{tileCol}` and
/// `…/{id}/tiles/…`: a tile of a collection's tileset in the encoding `f=` or `Accept` asks for
/// (``OGCAPIEncoding``), answered by the route the collection stands for — `/tiles/{layer}/…`,
/// `/clusters/{dataset}/…`, `/heatmap/{dataset}/…` or `/grid/{dataset}/…` (`@2x` for
/// `WebMercatorQuadx2`) — so that it is that route's cached
/// answer: its bytes, ETag, caching headers and 304s, and `?filter=` on a dataset's tiles. Without
/// `f=` the answer varies with `Accept` and says so (`Vary`), which the hot lane's prepared answers
/// cannot: these routes have no memory-tier lookup of their own.
extension CacheableRoute {
    static func ogcapiTiles(_ services: CairnServer.Services, config: ServerConfig, ttl: Int) -> [CacheableRoute] {
        let catalog = WMTSCatalog(services: services, config: config)
        let tiles = tile(services), clusters = clusterTile(services, ttl: ttl)
        let heatmap = heatmapTile(services), grid = gridTile(services)
        /// The tile of a tileset of `kind`, answered by the route its collection stands for.
        @Sendable func answer(_ request: Request, _ parameters: Parameters, kind: OGCAPITileKind) async throws -> Response {
            let tileset = try OGCAPIRoutes.tileset(parameters, kind: kind, catalog: catalog)
            let matrix = parameters.get("tileMatrix") ?? ""
            guard let zoom = tileset.tileMatrixSet.zoom(ofMatrix: matrix) else {
                throw ServeError.notFound("no tile matrix '\(matrix.prefix(16))' in \(tileset.tileMatrixSet.id)")
            }
            let f = try Routes.query(request)["f"]
            let encoding = try OGCAPIEncoding.choose(f: f, accept: request.headers[.accept], offered: tileset.encodings)
            let origin = tileset.collection.layer.origin
            let (route, capture): (CacheableRoute, Substring) = switch origin {
            case .tiles: (tiles, "layer")
            case .clusters: (clusters, "dataset")
            case .heatmap: (heatmap, "dataset")
            case .grid: (grid, "dataset")
            }
            let file = (parameters.get("tileRow") ?? "") + (tileset.tileMatrixSet.scale == 2 ? "@2x" : "") + "." + encoding.fileExtension
            let forwarded: Parameters = [capture: Substring(origin.name), "z": Substring(String(zoom)),
                                         "x": Substring(parameters.get("tileCol") ?? ""), "file": Substring(file)]
            var response = try await route.answer(request, forwarded)
            if f == nil { response.headers[.vary] = response.headers[.vary].map { $0 + ", Accept" } ?? "Accept" }
            return response
        }
        return [
            CacheableRoute("/ogcapi/collections/:collectionId/map/tiles/:tileMatrixSetId/:tileMatrix/:tileRow/:tileCol",
                           answer: { try await answer($0, $1, kind: .map) }, hit: nil),
            CacheableRoute("/ogcapi/collections/:collectionId/tiles/:tileMatrixSetId/:tileMatrix/:tileRow/:tileCol",
                           answer: { try await answer($0, $1, kind: .vector) }, hit: nil),
        ]
    }
}
