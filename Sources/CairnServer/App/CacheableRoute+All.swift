import Hummingbird

extension CacheableRoute {
    /// Every cacheable route: layer tiles (and their animations), badges, cards, cluster tiles
    /// (with point cards) and static maps.
    static func all(services: CairnServer.Services, config: ServerConfig) -> [CacheableRoute] {
        let ttl = Int(config.cache.ttl)
        return [tile(services), badge(services, ttl: ttl), card(services, ttl: ttl), clusterTile(services, ttl: ttl), staticMap(services), wmtsTile(services, config: config)]
            + ogcapiTiles(services, config: config, ttl: ttl)
            + [heatmapTile(services), gridTile(services)]
    }

    /// `/tiles/{layer}/{z}/{x}/{y}[@2x].{ext}`; an animated layer's tiles (and frames) are the router's alone.
    static func tile(_ services: CairnServer.Services) -> CacheableRoute {
        CacheableRoute("/tiles/:layer/:z/:x/:file", answer: { request, parameters in
            let name = parameters.get("layer") ?? ""
            guard let layer = services.layers[name] else { throw ServeError.notFound("no layer '\(name.prefix(64))'") }
            let tileRequest = try TileRequest.parse(layer: name, z: parameters.get("z") ?? "", x: parameters.get("x") ?? "",
                                                    file: parameters.get("file") ?? "")
            if let animated = services.animations[name] {
                if let frame = try Routes.query(request)["frame"] {
                    return try await animated.frame(frame, of: tileRequest).answer(request.method, request.headers).response
                }
                let (image, status, maxAge) = try await animated.animation(tileRequest)
                return image.answer(request.method, request.headers, status: status, maxAge: maxAge).response
            }
            return try await layer.tile(tileRequest).answer(request.method, request.headers).response
        }, hit: { request in
            let name = request.parameter("layer")
            guard let layer = services.layers[name], services.animations[name] == nil else { return nil }
            // A path spelled as its cache key (`world/2/2/1.png`, `…/1@2x.webp`) is looked up without parsing; others are parsed.
            guard let hit = layer.hit(key: String(request.path(from: 1)))
                    ?? (try? TileRequest.parse(layer: name, z: request.parameter("z"), x: request.parameter("x"),
                                               file: request.parameter("file"))).flatMap(layer.hit) else { return nil }
            return hit.answer(request.method, request.headers)
        })
    }

    /// `/badges/{count}.png?style=&scale=&label=&parts=&look=`.
    static func badge(_ services: CairnServer.Services, ttl: Int) -> CacheableRoute {
        CacheableRoute("/badges/:file", answer: { request, parameters in
            let (image, status) = try await services.badges.badge(file: parameters.get("file") ?? "", query: Routes.query(request))
            return image.answer(request.method, request.headers, status: status, maxAge: ttl).response
        }, hit: { request in
            guard let query = request.query, let image = services.badges.hit(file: request.parameter("file"), query: query) else { return nil }
            return image.answer(request.method, request.headers, status: "cairn; hit", maxAge: ttl)
        })
    }

    /// `/cards/{id}.png?title=&subtitle=&scale=&theme=`.
    static func card(_ services: CairnServer.Services, ttl: Int) -> CacheableRoute {
        CacheableRoute("/cards/:file", answer: { request, parameters in
            let (image, status) = try await services.cards.card(file: parameters.get("file") ?? "", query: Routes.query(request))
            return image.answer(request.method, request.headers, status: status, maxAge: ttl).response
        }, hit: { request in
            guard let query = request.query, let card = try? CardService.Request(file: request.parameter("file"), query: query),
                  let image = services.cards.hit(card) else { return nil }
            return image.answer(request.method, request.headers, status: "cairn; hit", maxAge: ttl)
        })
    }

    /// `/clusters/{dataset}/{z}/{x}/{y}.mvt|[@2x].png|.webp`, and `/clusters/{dataset}/points/{id}/card.png`,
    /// which has as many segments.
    static func clusterTile(_ services: CairnServer.Services, ttl: Int) -> CacheableRoute {
        let clusters = services.clusters
        return CacheableRoute("/clusters/:dataset/:z/:x/:file", answer: { request, parameters in
            let dataset = parameters.get("dataset") ?? "", z = parameters.get("z") ?? ""
            let x = parameters.get("x") ?? "", file = parameters.get("file") ?? ""
            if z == "points" {
                let (image, status) = try await clusters.card(dataset, pointID: x, file: file, query: Routes.query(request))
                return image.answer(request.method, request.headers, status: status, maxAge: ttl).response
            }
            return try await clusters.tile(dataset, z: z, x: x, file: file, query: Routes.query(request), request: request)
        }, hit: { request in
            guard let query = request.query else { return nil }
            let dataset = request.parameter("dataset"), z = request.parameter("z"), x = request.parameter("x"), file = request.parameter("file")
            if z == "points" {
                guard let image = clusters.hitCard(dataset, pointID: x, file: file, query: query) else { return nil }
                return image.answer(request.method, request.headers, status: "cairn; hit", maxAge: ttl)
            }
            guard let image = clusters.hitTile(dataset, path: request.path(from: 2), query: query) else { return nil }
            return image.answer(request.method, request.headers, status: "cairn; hit", maxAge: clusters.maxAge)
        })
    }

    /// `/static/{layer}/{lon},{lat},{zoom}|{W,S,E,N}/{w}x{h}[@2x].{ext}`: no memory lookup yet (each
    /// picture's key names its tiles' ETags, known only once they are fetched).
    static func staticMap(_ services: CairnServer.Services) -> CacheableRoute {
        CacheableRoute("/static/:layer/:view/:file", answer: { request, parameters in
            try await services.statics.image(layer: parameters.get("layer") ?? "", view: parameters.get("view") ?? "",
                                             file: parameters.get("file") ?? "", query: Routes.query(request), request: request)
        }, hit: nil)
    }
}
