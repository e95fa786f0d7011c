import Hummingbird

extension CacheableRoute {
    /// `/heatmap/{dataset}/{z}/{x}/{y}[@2x].png|webp?filter=&weight=&radius=&ramp=&kernel=&opacity=`.
    static func heatmapTile(_ services: CairnServer.Services) -> CacheableRoute {
        densityTile("/heatmap/:dataset/:z/:x/:file", heatmap: true, services.density)
    }

    /// `/grid/{dataset}/{z}/{x}/{y}.mvt|.geojson|[@2x].png|.webp?filter=&cell=&shape=&geometry=&ramp=&opacity=`.
    static func gridTile(_ services: CairnServer.Services) -> CacheableRoute {
        densityTile("/grid/:dataset/:z/:x/:file", heatmap: false, services.density)
    }

    private static func densityTile(_ template: String, heatmap: Bool, _ density: DensityService) -> CacheableRoute {
        CacheableRoute(template, answer: { request, parameters in
            let dataset = parameters.get("dataset") ?? "", z = parameters.get("z") ?? ""
            let x = parameters.get("x") ?? "", file = parameters.get("file") ?? ""
            return heatmap ? try await density.heatmap(dataset, z: z, x: x, file: file, query: Routes.query(request), request: request)
                           : try await density.grid(dataset, z: z, x: x, file: file, query: Routes.query(request), request: request)
        }, hit: { request in
            guard let query = request.query,
                  let image = density.hit(heatmap: heatmap, request.parameter("dataset"), z: request.parameter("z"), x: request.parameter("x"),
                                          file: request.parameter("file"), query: query) else { return nil }
            return image.answer(request.method, request.headers, status: "cairn; hit", maxAge: density.clusters.maxAge)
        })
    }
}
