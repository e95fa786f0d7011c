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
        // Every hit builds these: the fields are appended (none is there yet), not set, which
        // would look each name up first.
        var headers = HTTPFields()
        headers.reserveCapacity(9)
        var bytes = bytes
        var etag = etag
        headers.append(.eTag, etag)
        if let gzipped {
            if GzipCoding.negotiate(request, etag: etag, headers: &headers) { bytes = gzipped.bytes(of: bytes) }
            etag = headers[.eTag] ?? etag
        }
        appendCaching(to: &headers, maxAge: maxAge, lastModified: lastModified, cacheStatus: cacheStatus, contentType: contentType)
        if ConditionalRequest.isNotModified(request, etag: etag, lastModified: lastModified) {
            return ImageAnswer(status: .notModified, headers: headers, body: nil)
        }
        headers.append(.contentLength, String(bytes.count))
        return ImageAnswer(status: .ok, headers: headers, body: ByteBuffer(bytes: bytes))
    }

    /// The fields that follow an image answer's `ETag`, in their order: `Cache-Control`,
    /// `Last-Modified`, `Cache-Status`, `Content-Type` (then, unless it is a 304, `Content-Length`).
    static func appendCaching(to headers: inout some HeaderSink, maxAge: Int, lastModified: String, cacheStatus: String,
                              contentType: String) {
        headers.append(.cacheControl, "public, max-age=\(maxAge)")
        headers.append(.lastModified, lastModified)
        headers.append(.cacheStatus, cacheStatus)
        headers.append(.contentType, contentType)
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
