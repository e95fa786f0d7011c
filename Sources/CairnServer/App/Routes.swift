import Foundation
import Hummingbird
import Logging

/// The routes docs/http-api.md lists, on a Hummingbird router (HEAD answered for every GET; a
/// method a route does not take is a 405 with `Allow`, an unknown path a 404: ``UnmatchedRequests``).
enum Routes {
    /// The public routes; with `admin`, the admin API's too (unless it has an address of its own).
    static func router(services: CairnServer.Services, config: ServerConfig, logger: Logger, admin: CairnServer? = nil) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.addMiddleware {
            ObservabilityMiddleware(cors: config.server.cors, metrics: services.metrics, requests: services.requests, logger: logger)
        }
        if let signing = config.security.signing {
            router.addMiddleware { SignatureMiddleware(signer: URLSigner(keys: signing.keys), routes: signing.routes, metrics: services.metrics, clock: services.clock) }
        }
        if config.admin.listen == nil, let admin, config.admin.token != nil {
            router.addMiddleware { AdminAuthMiddleware(token: config.admin.token, metrics: services.metrics) }
            AdminRoutes.add(to: router, server: admin)
        } else if config.admin.token == nil {
            // No middleware on every request for an API that is off: one route says so.
            router.on("/admin/**", method: .get) { _, _ -> Response in throw AdminAuthMiddleware<BasicRequestContext>.off }
            for method in [HTTPRequest.Method.post, .delete, .put, .patch] {
                router.on("/admin/**", method: method) { _, _ -> Response in throw AdminAuthMiddleware<BasicRequestContext>.off }
            }
        }

        for route in CacheableRoute.all(services: services, config: config) {
            router.get(route.template) { request, context in try await route.answer(request, context.parameters) }
        }

        router.get("/tiles/:layer") { request, context -> Response in
            let document = context.parameters.get("layer") ?? ""
            guard document.hasSuffix(".json"), let layer = services.layers[String(document.dropLast(5))] else {
                throw ServeError.notFound("no layer '\(document.prefix(64))'")
            }
            let base = TileJSON.baseURL(configured: config.server.baseURL, request: request)
            // Links built from the request's headers differ by host: caches must keep one copy per host.
            return try json(TileJSON.document(for: layer.layer, baseURL: base, archive: await layer.archiveMetadata()), maxAge: 60, request: request,
                            vary: config.server.baseURL == nil ? TileJSON.varyingHeaders : nil)
        }

        router.post("/cards.png") { request, context -> Response in
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: config.server.maxBodyBytes)
            } catch {
                throw ServeError.tooLarge("the body is over \(config.server.maxBodyBytes) bytes")
            }
            let card: CardService.Request
            do {
                card = try JSONDecoder().decode(CardService.Request.self, from: Data(buffer: body))
            } catch {
                throw ServeError.badRequest("the body must be JSON: {\"title\": …, \"subtitle\": …, \"image_id\": …, \"scale\": …, \"theme\": …}")
            }
            let (image, status) = try await services.cards.card(card)
            return image.answer(request.method, request.headers, status: status, maxAge: Int(config.cache.ttl)).response
        }

        router.get("/clusters/:dataset") { request, context -> Response in
            try await services.clusters.clusters(context.parameters.get("dataset") ?? "", query: query(request), request: request)
        }

        // `{id}/children|leaves|expansion-zoom`; the segments share their names with the tile route's
        // (the router's tree needs one name per position).
        router.get("/clusters/:dataset/:z/:x") { request, context -> Response in
            try await services.clusters.cluster(context.parameters.get("dataset") ?? "", id: context.parameters.get("z") ?? "",
                                          what: context.parameters.get("x") ?? "", query: query(request), request: request)
        }

        router.get("/health") { request, _ -> Response in
            try json(["status": "ok", "layers": services.layers.count, "datasets": services.clusters.datasets.count,
                      "uptime_seconds": Int(Date().timeIntervalSince(services.started))], maxAge: nil, request: request)
        }

        router.get("/metrics") { _, _ -> Response in
            // After `cairn cache purge|clear|seed` the gauges follow once the re-count this starts has run.
            services.cache.noticeOutsideChanges()
            let usage = services.cache.usage
            services.metrics.gauges(cacheBytes: usage.bytes, cacheTiles: usage.tiles,
                                    queued: services.renders.waiting, rendering: services.renders.busy,
                                    producing: services.productions.count, requests: services.requests.count)
            let groups = services.cache.groupUsage
            // Every configured group, also when empty (a gauge that appears only once filled is hard to alert on).
            services.metrics.cacheGroups((services.cache.layout.groups + (groups[.other] == nil ? [] : [.other])).map { group in
                (group, groups[group]?.tiles ?? 0, groups[group]?.bytes ?? 0)
            })
            services.metrics.datasetAges(services.clusters.datasets.values.map { ($0.dataset.name, $0.snapshot?.loadedAt) },
                                         now: services.clock.now())
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: services.metrics.exposition())))
        }
        WMTSRoutes.add(to: router, services: services, config: config)
        let document = APIDocument(config: config)
        router.get("/openapi.json") { request, _ -> Response in try document.response(to: request) }
        OGCAPIRoutes.add(to: router, services: services, config: config)
        addPage(to: router, services: services, config: config)
        // Last, so that it wraps only what no route takes: 405 with `Allow`, or 404.
        router.addMiddleware { UnmatchedRequests(routes: router, preflight: config.server.cors != nil) }
        return router
    }

    /// The admin API alone, for `admin.listen`.
    static func adminRouter(server: CairnServer, logger: Logger) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.addMiddleware {
            ObservabilityMiddleware(cors: nil, metrics: server.services.metrics, requests: server.services.requests, logger: logger)
        }
        router.addMiddleware { AdminAuthMiddleware(token: server.config.admin.token, metrics: server.services.metrics) }
        AdminRoutes.add(to: router, server: server)
        router.addMiddleware { UnmatchedRequests(routes: router, preflight: false) }
        return router
    }

    /// The query string as a dictionary (first value wins); absurdly long ones are refused.
    static func query(_ request: Request) throws -> [String: String] {
        try QueryValue.parameters(of: request.uri)
    }

    /// A JSON answer (``JSONAnswer``: ETag, 304, gzip when accepted), `no-store` without `maxAge`.
    static func json(_ value: Any, maxAge: Int?, request: Request, vary: String? = nil,
                     status: HTTPResponse.Status = .ok) throws -> Response {
        JSONAnswer.response(try JSONAnswer.bytes(value), request: request,
                            cacheControl: maxAge.map { "public, max-age=\($0)" } ?? "no-store", vary: vary, status: status)
    }
}
