import Foundation
import HTTPTypes
import Hummingbird
import Tiles

/// RFC 9110 §13.2.2 for GET and HEAD: `If-None-Match` decides when it is there (weak comparison);
/// only without it does `If-Modified-Since` — a valid HTTP date no earlier than `Last-Modified` —
/// make the answer a 304. An unparseable date is ignored, as the RFC asks.
enum ConditionalRequest {
    static func isNotModified(method: HTTPRequest.Method, headers: HTTPFields, etag: String, lastModified: String?) -> Bool {
        if let condition = headers[.ifNoneMatch] { return ETag.matches(condition, etag) }
        guard method == .get || method == .head, let since = headers[.ifModifiedSince],
              let lastModified, let modified = HTTPDate.parse(lastModified), let date = HTTPDate.parse(since) else { return false }
        return modified <= date
    }

    static func isNotModified(_ request: Request, etag: String, lastModified: String?) -> Bool {
        isNotModified(method: request.method, headers: request.headers, etag: etag, lastModified: lastModified)
    }
}
