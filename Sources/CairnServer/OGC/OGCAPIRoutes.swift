import Hummingbird

/// The JSON documents of `/ogcapi` (``OGCAPI``) on the router: landing page, conformance, tile
/// matrix sets, collections and their tilesets. Links are absolute, built as TileJSON's are
/// (``TileJSON/baseURL(configured:request:)``). The tiles are ``CacheableRoute`` entries
/// (``CacheableRoute/ogcapiTiles(_:config:ttl:)``). Errors are the server's one error answer.
enum OGCAPIRoutes {
    static func add(to router: Router<BasicRequestContext>, services: CairnServer.Services, config: ServerConfig) {
        let catalog = WMTSCatalog(services: services, config: config)
        /// The answer to `request`: the document `make` makes from the public URLs of `/ogcapi` and of the server.
        @Sendable func answer(_ request: Request, _ make: (_ base: String, _ server: String) async throws -> [String: Any]) async throws -> Response {
            let server = TileJSON.baseURL(configured: config.server.baseURL, request: request)
            return try Routes.json(try await make(server + OGCAPI.root, server), maxAge: 60, request: request,
                                   vary: config.server.baseURL == nil ? TileJSON.varyingHeaders : nil)
        }
        router.get("/ogcapi") { request, _ in try await answer(request) { base, server in OGCAPI.landingPage(base: base, server: server) } }
        router.get("/ogcapi/conformance") { request, _ in try await answer(request) { base, _ in OGCAPI.conformance(base: base) } }
        router.get("/ogcapi/tileMatrixSets") { request, _ in try await answer(request) { base, _ in TileMatrixSet.list(base: base) } }
        router.get("/ogcapi/tileMatrixSets/:tileMatrixSetId") { request, context in
            let id = context.parameters.get("tileMatrixSetId") ?? ""
            guard let set = TileMatrixSet.all.first(where: { $0.id == id }) else { throw ServeError.notFound("no tile matrix set '\(id.prefix(64))'") }
            return try await answer(request) { _, _ in set.definition }
        }
        router.get("/ogcapi/collections") { request, _ in
            let collections = await OGCAPICollection.all(catalog)
            return try await answer(request) { base, _ in OGCAPICollection.list(collections, base: base) }
        }
        router.get("/ogcapi/collections/:collectionId") { request, context in
            let collection = try await collection(context.parameters, catalog: catalog)
            return try await answer(request) { base, _ in collection.document(base: base) }
        }
        router.get("/ogcapi/collections/:collectionId/map/tiles") { request, context in
            try await tilesetsAnswer(request, context.parameters, kind: .map)
        }
        router.get("/ogcapi/collections/:collectionId/tiles") { request, context in
            try await tilesetsAnswer(request, context.parameters, kind: .vector)
        }
        router.get("/ogcapi/collections/:collectionId/map/tiles/:tileMatrixSetId") { request, context in
            try await tilesetAnswer(request, context.parameters, kind: .map)
        }
        router.get("/ogcapi/collections/:collectionId/tiles/:tileMatrixSetId") { request, context in
            try await tilesetAnswer(request, context.parameters, kind: .vector)
        }
        /// A collection's tilesets of `kind`.
        @Sendable func tilesetsAnswer(_ request: Request, _ parameters: Parameters, kind: OGCAPITileKind) async throws -> Response {
            let collection = try await collection(parameters, kind: kind, catalog: catalog)
            return try await answer(request) { base, _ in OGCAPITileset.list(collection, kind: kind, base: base) }
        }
        /// A tileset's metadata.
        @Sendable func tilesetAnswer(_ request: Request, _ parameters: Parameters, kind: OGCAPITileKind) async throws -> Response {
            let tileset = try tileset(of: try await collection(parameters, kind: kind, catalog: catalog), parameters, kind: kind)
            return try await answer(request) { base, _ in tileset.document(base: base) }
        }
    }

    /// The tileset of a tile request's path, its collection as the configuration gives it.
    static func tileset(_ parameters: Parameters, kind: OGCAPITileKind, catalog: WMTSCatalog) throws -> OGCAPITileset {
        let id = parameters.get("collectionId") ?? ""
        guard let collection = OGCAPICollection.configured(id, in: catalog), collection.kinds.contains(kind) else {
            throw notFound(id, kind: kind)
        }
        return try tileset(of: collection, parameters, kind: kind)
    }

    /// The collection the path names, with what its source says of itself; 404 for none (or none
    /// with tiles of `kind`).
    private static func collection(_ parameters: Parameters, kind: OGCAPITileKind? = nil, catalog: WMTSCatalog) async throws -> OGCAPICollection {
        let id = parameters.get("collectionId") ?? ""
        guard let collection = await OGCAPICollection.named(id, in: catalog), kind.map(collection.kinds.contains) ?? true else {
            throw notFound(id, kind: kind)
        }
        return collection
    }

    private static func tileset(of collection: OGCAPICollection, _ parameters: Parameters, kind: OGCAPITileKind) throws -> OGCAPITileset {
        let id = parameters.get("tileMatrixSetId") ?? ""
        guard let set = kind.tileMatrixSets.first(where: { $0.id == id }) else {
            throw ServeError.notFound("no \(kind.dataType) tileset of '\(collection.id)' in tile matrix set '\(id.prefix(64))' (\(kind.tileMatrixSets.map(\.id).joined(separator: ", ")))")
        }
        return OGCAPITileset(collection: collection, kind: kind, tileMatrixSet: set)
    }

    private static func notFound(_ id: String, kind: OGCAPITileKind?) -> ServeError {
        .notFound("no collection '\(id.prefix(64))'" + (kind == .vector ? " with vector tiles (a dataset's clusters have them)" : ""))
    }
}
