import HTTPTypes
import Hummingbird

/// WMTS 1.0.0 over Cairn's tile routes: GetCapabilities, and GetTile answered by the route the
/// layer stands for (`/tiles/…`, `/clusters/…`, `/heatmap/…`, `/grid/…`) with its own cached answer — the same bytes,
/// ETag, caching fields and 304 — never a render of its own. Every refusal is an
/// ``OWSException``.
struct WMTSService: Sendable {
    let catalog: WMTSCatalog
    /// The routes the layers' tiles come from, by their first path segment (``WMTSLayer/Origin/route``).
    private let routes: [String: CacheableRoute]

    init(services: CairnServer.Services, config: ServerConfig) {
        catalog = WMTSCatalog(services: services, config: config)
        routes = ["tiles": .tile(services), "clusters": .clusterTile(services, ttl: Int(config.cache.ttl)),
                  "heatmap": .heatmapTile(services), "grid": .gridTile(services)]
    }

    /// The capabilities document, its URLs from `server.base_url` or the request (then varying by host, as TileJSON).
    func capabilities(_ request: Request) async -> Response {
        let configured = catalog.config.server.baseURL
        let document = WMTSCapabilities.document(layers: await catalog.layers(),
                                                 baseURL: TileJSON.baseURL(configured: configured, request: request))
        return JSONAnswer.response(Array(document.utf8), request: request, contentType: "application/xml",
                                   cacheControl: "public, max-age=60", vary: configured == nil ? TileJSON.varyingHeaders : nil)
    }

    /// The answer to a GetTile: the tile route's, or the exception report of what is wrong.
    func tile(_ tileRequest: WMTSTileRequest, request: Request) async -> Response {
        let route: CacheableRoute, parameters: Parameters
        do throws(OWSException) {
            guard let layer = await catalog.layer(tileRequest.layer) else { throw Self.unknown(tileRequest.layer) }
            (route, _, parameters) = try target(tileRequest, in: layer)
        } catch {
            return error.response
        }
        do {
            return try await route.answer(request, parameters)
        } catch {
            return OWSException(ServeError(unexpected: error)).response
        }
    }

    /// The tile route's memory-tier answer to a GetTile, nil when it has none or the request is
    /// wrong (then the router answers it): what the hot lane answers.
    func hit(_ tileRequest: WMTSTileRequest, method: HTTPRequest.Method, headers: HTTPFields) -> ImageAnswer? {
        guard let layer = catalog.configuredLayer(tileRequest.layer), let (route, path, _) = try? target(tileRequest, in: layer),
              let hit = route.hit else { return nil }
        let segments = path.split(separator: "/")
        return hit(CacheableRoute.HitRequest(method: method, headers: headers, target: "/" + path, template: route.segments, path: segments[...]))
    }

    /// The route that serves the tile, the tile's path on it (after its leading `/`) and that path's captures.
    private func target(_ tileRequest: WMTSTileRequest, in layer: WMTSLayer) throws(OWSException) -> (CacheableRoute, String, Parameters) {
        let tile = try tileRequest.tile(in: layer)
        guard let route = routes[layer.origin.route] else { throw Self.unknown(tileRequest.layer) }
        let path = layer.routePath(tile.tile, scale: tile.scale, format: tile.format)
        var parameters = Parameters()
        for (segment, part) in zip(route.segments, path.split(separator: "/")) {
            if case .capture(let name) = segment { parameters[Substring(name)] = part }
        }
        return (route, path, parameters)
    }

    /// A `LAYER` the service does not have.
    static func unknown(_ layer: String) -> OWSException {
        .invalid("LAYER", "no layer '\(layer.prefix(64))' (the capabilities list them)")
    }
}
