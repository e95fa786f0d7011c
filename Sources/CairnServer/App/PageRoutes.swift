import Hummingbird

extension Routes {
    /// The map page (`GET /`), the catalog it is built from (`GET /catalog.json`), its own files
    /// (`/assets/cairn/…`) and Leaflet's installed files (`/assets/leaflet/…`); all 404 when
    /// `page.enabled` is false.
    static func addPage(to router: Router<BasicRequestContext>, services: CairnServer.Services, config: ServerConfig) {
        guard config.page.enabled else { return }
        let leaflet = InstalledAssets(directory: config.page.leaflet)
        // The page names its prefix in a <base> element: it is built per prefix, revalidated every time.
        router.get("/") { request, _ -> Response in
            var response = PageFiles.page(prefix: PathPrefix.of(request, baseURL: config.server.baseURL))
                .response(to: request, cacheControl: "no-cache")
            if config.server.baseURL == nil { response.headers[.vary] = PathPrefix.header.rawName }
            return response
        }
        router.get("/catalog.json") { request, _ -> Response in
            try json(Catalog.document(config: config, datasets: services.clusters.datasets), maxAge: nil, request: request)
        }
        router.get("/assets/cairn/:file") { request, context -> Response in
            guard let file = PageFiles.all[context.parameters.get("file") ?? ""] else { throw ServeError.notFound("no such file") }
            return file.response(to: request, cacheControl: "public, max-age=300")
        }
        let installed: @Sendable (Request, String) throws -> Response = { request, path in
            guard let file = leaflet.file(path) else {
                throw ServeError.notFound(config.page.hasLeaflet ? "no such file"
                                          : "Leaflet is not installed in \(config.page.leaflet) (apt-get install libjs-leaflet, or set page.leaflet)")
            }
            return file.response(to: request, cacheControl: "public, max-age=86400")
        }
        router.get("/assets/leaflet/:file") { request, context -> Response in
            try installed(request, context.parameters.get("file") ?? "")
        }
        // `images/…`; the segments share their name with the route above (one name per position).
        router.get("/assets/leaflet/:file/:member") { request, context -> Response in
            try installed(request, (context.parameters.get("file") ?? "") + "/" + (context.parameters.get("member") ?? ""))
        }
    }
}
