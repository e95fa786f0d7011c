import Foundation
import HTTPTypes
import Hummingbird
import Tiles

/// Builds image responses with the full set of caching headers: a strong `ETag`,
/// `Cache-Control: public, max-age=…`, `Last-Modified`, RFC 9211 `Cache-Status`, `Content-Type`,
/// `Content-Length`; answers a matching `If-None-Match` (or, without one, `If-Modified-Since`) with 304 and no body.
enum ImageResponse {
    /// With `gzipped` (vector tiles), the answer is gzipped for clients that accept it.
    static func make(_ bytes: [UInt8], contentType: String, etag: String, maxAge: Int, lastModified: String,
                     cacheStatus: String, request: Request, gzipped: GzipTwin? = nil) -> Response {
        answer(bytes, contentType: contentType, etag: etag, maxAge: maxAge, lastModified: lastModified,
               cacheStatus: cacheStatus, request: request, gzipped: gzipped).response
    }

    /// The answer ``make(_:contentType:etag:maxAge:lastModified:cacheStatus:request:gzipped:)``
    /// turns into a response, in parts: what the hot lane writes to the connection itself.
    static func answer(_ bytes: [UInt8], contentType: String, etag: String, maxAge: Int, lastModified: String,
                       cacheStatus: String, request: Request, gzipped: GzipTwin? = nil) -> ImageAnswer {
        var headers = HTTPFields()
        var bytes = bytes
        headers[.eTag] = etag
        if let gzipped, GzipCoding.negotiate(request, etag: etag, headers: &headers) { bytes = gzipped.bytes(of: bytes) }
        headers[.cacheControl] = "public, max-age=\(maxAge)"
        headers[.lastModified] = lastModified
        headers[.cacheStatus] = cacheStatus
        headers[.contentType] = contentType
        if ConditionalRequest.isNotModified(request, etag: headers[.eTag] ?? etag, lastModified: lastModified) {
            return ImageAnswer(status: .notModified, headers: headers, body: nil)
        }
        headers[.contentLength] = String(bytes.count)
        return ImageAnswer(status: .ok, headers: headers, body: ByteBuffer(bytes: bytes))
    }
}

/// An image answer's status, headers and body (none for a 304).
struct ImageAnswer: Sendable {
    let status: HTTPResponse.Status
    var headers: HTTPFields
    let body: ByteBuffer?

    var response: Response {
        guard let body else { return Response(status: status, headers: headers) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}

extension HTTPField.Name {
    /// RFC 9211.
    static let cacheStatus = HTTPField.Name("Cache-Status")!
}
