import Foundation
import HTTPTypes
import Hummingbird

/// TileJSON 3.0.0 for a layer, with tile URLs built from `base_url`, else from the proxy's
/// `X-Forwarded-Proto` / `X-Forwarded-Host` / `X-Forwarded-Prefix`, else the `Host` header.
enum TileJSON {
    static func document(for layer: ServerConfig.Layer, baseURL: String) -> [String: Any] {
        var document: [String: Any] = [
            "tilejson": "3.0.0",
            "name": layer.name,
            "scheme": "xyz",
            "tiles": ["\(baseURL)/tiles/\(layer.name)/{z}/{x}/{y}.\(layer.format.fileExtension)"],
            "minzoom": layer.minzoom,
            "maxzoom": layer.maxzoom,
            "bounds": [-180, -85.0511287798066, 180, 85.0511287798066],
            "center": [0, 0, layer.minzoom],
        ]
        if let attribution = layer.attribution { document["attribution"] = attribution }
        return document
    }

    /// The request headers ``baseURL(configured:request:)`` reads without a configured base URL:
    /// the `Vary` of such a document.
    static let varyingHeaders = "Host, X-Forwarded-Host, X-Forwarded-Proto, X-Forwarded-Prefix"

    /// The public base URL for links in a response to `request`.
    static func baseURL(configured: String?, request: Request) -> String {
        if let configured { return configured }
        let forwardedProto = request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.split(separator: ",").first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let forwardedHost = request.headers[HTTPField.Name("X-Forwarded-Host")!]?.split(separator: ",").first
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let scheme = forwardedProto == "https" ? "https" : "http"
        let host = [forwardedHost, request.head.authority].compactMap { $0 }.first { isSafeHost($0) }
        return "\(scheme)://\(host ?? "localhost")" + PathPrefix.of(request, baseURL: nil)
    }

    /// A host[:port] with nothing that could break out of a URL or a header.
    private static func isSafeHost(_ host: String) -> Bool {
        !host.isEmpty && host.count <= 255 && host.utf8.allSatisfy {
            (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || [45, 46, 58, 91, 93, 95].contains($0)
        }
    }
}
