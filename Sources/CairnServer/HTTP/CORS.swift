import HTTPTypes
import Hummingbird

/// `server.cors`: the headers every answer carries, and the answer to a preflight (`OPTIONS`).
enum CORS {
    /// Adds `Access-Control-Allow-Origin: origin` and the headers scripts may read.
    static func apply(_ origin: String, to headers: inout HTTPFields) {
        headers[.accessControlAllowOrigin] = origin
        headers[.accessControlExposeHeaders] = exposed
    }

    /// The same fields as ``apply(_:to:)``, appended: for a head that has neither yet.
    static func append(_ origin: String, to headers: inout some HeaderSink) {
        headers.append(.accessControlAllowOrigin, origin)
        headers.append(.accessControlExposeHeaders, exposed)
    }

    /// The response headers scripts may read (`Access-Control-Expose-Headers`).
    private static let exposed = "ETag, Cache-Status, Content-Length"

    /// The answer to a preflight, before the origin is added.
    static var preflight: Response {
        var response = Response(status: .noContent)
        response.headers[.accessControlAllowMethods] = "GET, HEAD, POST, OPTIONS"
        response.headers[.accessControlAllowHeaders] = "Content-Type, If-None-Match"
        response.headers[.accessControlMaxAge] = "86400"
        return response
    }
}
