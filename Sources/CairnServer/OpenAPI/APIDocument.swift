import Foundation
import Hummingbird

/// `GET /openapi.json`: the OpenAPI 3.1 document of the server as configured (its layers,
/// datasets, styles and limits as enums and ranges; the signed routes' `sig`/`exp`; the admin API
/// when it is on). Its bytes are made once per server URL (the configured `base_url`, else the
/// proxy's `X-Forwarded-Prefix`) and kept; ``JSONAnswer`` gzips them once.
final class APIDocument: Sendable {
    private let config: ServerConfig
    private let made = MemoryCache<String, [UInt8]>(capacity: 16)

    init(config: ServerConfig) {
        self.config = config
    }

    /// The document's bytes for a server reached at `server` (a URL or an absolute path).
    func bytes(server: String) throws -> [UInt8] {
        if let bytes = made.value(for: server) { return bytes }
        let bytes = try JSONAnswer.bytes(Self.document(config, server: server))
        made.store(bytes, for: server)
        return bytes
    }

    /// The answer to `request`.
    func response(to request: Request) throws -> Response {
        let prefix = PathPrefix.of(request, baseURL: nil)
        let server = config.server.baseURL ?? (prefix.isEmpty ? "/" : prefix)
        return JSONAnswer.response(try bytes(server: server), request: request, cacheControl: "public, max-age=60",
                                   vary: config.server.baseURL == nil ? PathPrefix.header.rawName : nil)
    }

    /// The document as JSON values.
    static func document(_ config: ServerConfig, server: String) -> [String: Any] {
        let signing = Set(config.security.signing?.routes ?? [])
        var paths: [String: [String: Any]] = [:]
        for operation in APIOperations.all(config) {
            var object = operation.object(signing: signing)
            if operation.admin, let (host, port) = config.admin.listen {
                object["servers"] = [["url": "http://\(host):\(port)", "description": "admin.listen: the admin API's own address"]]
            }
            paths[operation.path, default: [:]][operation.method] = object
        }
        return [
            "openapi": "3.1.0",
            "info": [
                "title": "Cairn",
                "version": "0.1.0",
                "summary": "Map tiles through renderer chains, cluster badges and info-window cards, clusters, static maps.",
                "description": """
                    The HTTP API of `cairn serve` as this server is configured. Every GET also answers HEAD. Image and JSON \
                    answers carry a strong ETag and answer If-None-Match (and, for answers with Last-Modified, \
                    If-Modified-Since) with 304; JSON, GeoJSON and vector tiles are gzipped for clients that accept it. \
                    Errors are one line of text, `error: …`. With server.cors, every answer carries CORS headers and \
                    OPTIONS is answered 204.
                    """,
            ] as [String: Any],
            "servers": [["url": server]],
            "tags": ["tiles", "markers", "clusters", "static maps", "page", "operations", "admin"].map { ["name": $0] },
            "paths": paths,
            "components": APIComponents.all(config),
        ]
    }
}
