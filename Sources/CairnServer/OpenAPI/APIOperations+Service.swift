/// The map page and its files, the catalog, health, metrics and this document.
extension APIOperations {
    static func service(_ config: ServerConfig) -> [APIOperation] {
        var operations = [
            APIOperation(method: "get", path: "/health", route: "/health", id: "getHealth", tag: "operations",
                         summary: "Liveness: the server answers", responses: [
                            "200": OAS.response("Alive.", content: OAS.json(OAS.ref("Health")), headers: OAS.jsonHeaders),
                         ].merging(OAS.errors(["304"])) { $1 }),
            APIOperation(method: "get", path: "/metrics", route: "/metrics", id: "getMetrics", tag: "operations",
                         summary: "Prometheus metrics (text exposition format 0.0.4)", responses: [
                            "200": OAS.response("The metrics.", content: ["text/plain": ["schema": OAS.string()]], headers: ["Cache-Control"]),
                         ]),
            APIOperation(method: "get", path: "/openapi.json", route: "/openapi.json", id: "getOpenAPI", tag: "operations",
                         summary: "This document: OpenAPI 3.1 of the server as configured", responses: [
                            "200": OAS.response("The OpenAPI document.", content: OAS.json(["type": "object", "required": ["openapi", "paths"]]),
                                                headers: OAS.jsonHeaders),
                         ].merging(OAS.errors(["304"])) { $1 }),
        ]
        guard config.page.enabled else { return operations }
        // Media types without their parameters (`text/css`, not `text/css; charset=utf-8`).
        let types = Set(PageFiles.all.values.map { String($0.contentType.prefix { $0 != ";" }) }).sorted()
        let file: ([String]) -> APIOperation.Object = { types in
            // Leaflet's files are gzipped for clients that accept it when Debian installs a .gz beside them.
            OAS.response("The file.", content: Dictionary(uniqueKeysWithValues: types.map { ($0, APIOperation.Object()) }),
                         headers: ["ETag", "Cache-Control", "Vary", "Content-Encoding"])
        }
        operations += [
            APIOperation(method: "get", path: "/", route: "/", id: "getMapPage", tag: "page",
                         summary: "The map page: every layer and dataset on a Leaflet map",
                         responses: ["200": file(["text/html"]), "304": OAS.ref("NotModified", in: "responses")]),
            APIOperation(method: "get", path: "/catalog.json", route: "/catalog.json", id: "getCatalog", tag: "page",
                         summary: "Everything the server serves: layers, datasets, badge styles, card themes, with relative URL templates",
                         responses: ["200": OAS.response("The catalog.", content: OAS.json(OAS.ref("Catalog")), headers: OAS.jsonHeaders)]
                            .merging(OAS.errors(["304"])) { $1 }),
            APIOperation(method: "get", path: "/assets/cairn/{file}", route: "/assets/cairn/{file}", id: "getPageFile", tag: "page",
                         summary: "The map page's own script, style and images",
                         parameters: [OAS.path("file", OAS.names(Array(PageFiles.all.keys)), "The file.")],
                         responses: ["200": file(types)].merging(OAS.errors(["304", "404"])) { $1 }),
            APIOperation(method: "get", path: "/assets/leaflet/{file}", route: "/assets/leaflet/{file}", id: "getLeafletFile", tag: "page",
                         summary: "Leaflet's installed files (page.leaflet, Debian's libjs-leaflet)",
                         parameters: [OAS.path("file", OAS.string(pattern: "^[A-Za-z0-9_.-]+$"), "e.g. leaflet.js, leaflet.css.")],
                         responses: ["200": file(["text/javascript", "text/css", "application/json", "image/png", "image/svg+xml"])]
                            .merging(OAS.errors(["304", "404"])) { $1 }),
            APIOperation(method: "get", path: "/assets/leaflet/images/{image}", route: "/assets/leaflet/{file}/{member}", id: "getLeafletImage",
                         tag: "page", summary: "Leaflet's installed images (markers, layer icons)",
                         parameters: [OAS.path("image", OAS.string(pattern: "^[A-Za-z0-9_.-]+$"), "e.g. marker-icon.png.")],
                         responses: ["200": file(["image/png", "image/svg+xml"])].merging(OAS.errors(["304", "404"])) { $1 }),
        ]
        return operations
    }
}
