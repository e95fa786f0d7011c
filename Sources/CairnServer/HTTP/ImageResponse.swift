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
        headers.append(HTTPField(name: .eTag, value: etag))
        if let gzipped {
            if GzipCoding.negotiate(request, etag: etag, headers: &headers) { bytes = gzipped.bytes(of: bytes) }
            etag = headers[.eTag] ?? etag
        }
        headers.append(HTTPField(name: .cacheControl, value: "public, max-age=\(maxAge)"))
        headers.append(HTTPField(name: .lastModified, value: lastModified))
        headers.append(HTTPField(name: .cacheStatus, value: cacheStatus))
        headers.append(HTTPField(name: .contentType, value: contentType))
        if ConditionalRequest.isNotModified(request, etag: etag, lastModified: lastModified) {
            return ImageAnswer(status: .notModified, headers: headers, body: nil)
        }
        headers.append(HTTPField(name: .contentLength, value: String(bytes.count)))
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
