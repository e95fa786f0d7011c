import Foundation
import HTTPTypes
import Hummingbird

/// TileJSON 3.0.0 for a layer, with tile URLs built from `base_url`, else from the proxy's
/// `X-Forwarded-Proto` / `X-Forwarded-Host` / `X-Forwarded-Prefix`, else the `Host` header.
enum TileJSON {
    /// The document for `layer`; `archive` (the metadata of a PMTiles source) fills in the name,
    /// bounds, center, zooms (within the layer's), attribution (unless configured), description and
    /// `vector_layers`.
    static func document(for layer: ServerConfig.Layer, baseURL: String, archive: [String: String]? = nil) -> [String: Any] {
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
        if let archive { fill(&document, from: archive, layer: layer) }
        return document
    }

    private static func fill(_ document: inout [String: Any], from archive: [String: String], layer: ServerConfig.Layer) {
        func numbers(_ key: String) -> [Double] {
            (archive[key] ?? "").split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.filter(\.isFinite)
        }
        if let name = archive["name"], !name.isEmpty { document["name"] = name }
        if let description = archive["description"] { document["description"] = description }
        if document["attribution"] == nil, let attribution = archive["attribution"] { document["attribution"] = attribution }
        let minzoom = max(layer.minzoom, archive["minzoom"].flatMap { Int($0) } ?? layer.minzoom)
        // Over-zoom serves beyond the archive's deepest zoom.
        let deepest = layer.source.maxzoom == nil ? archive["maxzoom"].flatMap { Int($0) } ?? layer.maxzoom : layer.maxzoom
        let maxzoom = max(minzoom, min(layer.maxzoom, deepest))
        document["minzoom"] = minzoom
        document["maxzoom"] = maxzoom
        let bounds = numbers("bounds")
        if bounds.count == 4 { document["bounds"] = bounds }
        let center = numbers("center")
        if center.count >= 2 {
            let zoom = center.count == 3 ? Int(center[2]) : minzoom
            document["center"] = [center[0], center[1], min(maxzoom, max(minzoom, zoom))] as [Any]
        }
        if let json = archive["json"], let data = json.data(using: .utf8),
           let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let layers = object["vector_layers"] {
            document["vector_layers"] = layers
        }
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
