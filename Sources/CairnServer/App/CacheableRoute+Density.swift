import Hummingbird

extension CacheableRoute {
    /// `/heatmap/{dataset}/{z}/{x}/{y}[@2x].png|webp?filter=&weight=&radius=&kernel=&ramp=&opacity=`.
    static func heatmapTile(_ services: CairnServer.Services) -> CacheableRoute {
        CacheableRoute("/heatmap/:dataset/:z/:x/:file", answer: densityAnswer(heatmap: true, services.density),
                       hit: densityHit(heatmap: true, services.density))
    }

    /// `/grid/{dataset}/{z}/{x}/{y}.mvt|.geojson|[@2x].png|.webp?filter=&cell=&shape=&geometry=&ramp=&opacity=`.
    static func gridTile(_ services: CairnServer.Services) -> CacheableRoute {
        CacheableRoute("/grid/:dataset/:z/:x/:file", answer: densityAnswer(heatmap: false, services.density),
                       hit: densityHit(heatmap: false, services.density))
    }

    /// The router's answer of a heatmap or grid tile.
    private static func densityAnswer(heatmap: Bool, _ density: DensityService)
        -> @Sendable (Request, Parameters) async throws -> Response {
        { request, parameters in
            let dataset = parameters.get("dataset") ?? "", z = parameters.get("z") ?? ""
            let x = parameters.get("x") ?? "", file = parameters.get("file") ?? ""
            return heatmap ? try await density.heatmap(dataset, z: z, x: x, file: file, query: Routes.query(request), request: request)
                           : try await density.grid(dataset, z: z, x: x, file: file, query: Routes.query(request), request: request)
        }
    }

    /// The hot lane's lookup of a heatmap or grid tile in memory.
    private static func densityHit(heatmap: Bool, _ density: DensityService) -> @Sendable (HitRequest) -> ImageAnswer? {
        { request in
            guard let query = request.query,
                  let image = density.hit(heatmap: heatmap, request.parameter("dataset"), z: request.parameter("z"), x: request.parameter("x"),
                                          file: request.parameter("file"), query: query) else { return nil }
            return image.answer(request.method, request.headers, status: "cairn; hit", maxAge: density.clusters.maxAge)
        }
    }
}
