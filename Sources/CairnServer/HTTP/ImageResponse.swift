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
        var headers = HTTPFields()
        var bytes = bytes
        headers[.eTag] = etag
        if let gzipped, GzipCoding.negotiate(request, etag: etag, headers: &headers) { bytes = gzipped.bytes(of: bytes) }
        headers[.cacheControl] = "public, max-age=\(maxAge)"
        headers[.lastModified] = lastModified
        headers[.cacheStatus] = cacheStatus
        headers[.contentType] = contentType
        if ConditionalRequest.isNotModified(request, etag: headers[.eTag] ?? etag, lastModified: lastModified) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(bytes.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

extension HTTPField.Name {
    /// RFC 9211.
    static let cacheStatus = HTTPField.Name("Cache-Status")!
}
