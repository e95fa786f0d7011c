import Foundation
import HTTPTypes
import Hummingbird

/// The path under which clients reach the server when a reverse proxy serves it below a prefix
/// (`https://example.org/maps/…`): the path of `server.base_url`, else the proxy's
/// `X-Forwarded-Prefix`, else none (`""`). Never ends with `/`.
enum PathPrefix {
    static let header = HTTPField.Name("X-Forwarded-Prefix")!

    static func of(_ request: Request, baseURL: String?) -> String {
        if let baseURL { return URL(string: baseURL).map { clean($0.path) } ?? "" }
        guard let value = request.headers[header]?.split(separator: ",").first else { return "" }
        let prefix = value.trimmingCharacters(in: .whitespaces)
        return isSafe(prefix) ? clean(prefix) : ""
    }

    /// `/`-led path segments of URL-safe characters, nothing that climbs (`..`) or could end an
    /// attribute or a header.
    static func isSafe(_ prefix: String) -> Bool {
        guard prefix.hasPrefix("/"), prefix.utf8.count <= 200, !prefix.contains("//") else { return false }
        let segments = prefix.split(separator: "/")
        return !segments.contains("..") && !segments.contains(".") && prefix.utf8.allSatisfy {
            (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || [45, 46, 47, 95, 126].contains($0)
        }
    }

    private static func clean(_ path: String) -> String {
        var path = path
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
