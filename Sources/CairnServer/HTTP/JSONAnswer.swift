import Codecs
import Foundation
import HTTPTypes
import Hummingbird

/// Every JSON answer that is not a cluster query's (TileJSON, `/catalog.json`, `/openapi.json`,
/// `/health`, the admin API): a strong ETag of its bytes, `If-None-Match` / 304, and gzip for
/// clients that accept it (``GzipCoding``: `Vary: Accept-Encoding`, the gzipped form's own ETag).
/// The gzipped bytes are kept by that ETag, so a document is compressed once per version, not per
/// request.
enum JSONAnswer {
    /// Gzipped answers by the ETag of their gzipped form (which names their bytes).
    private static let gzipped = MemoryCache<String, [UInt8]>(capacity: 512, byteCapacity: 16_000_000) { $0.count }

    /// The bytes of `value` as the server writes JSON: keys sorted, slashes unescaped.
    static func bytes(_ value: Any) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]))
    }

    /// The answer to `request` with `bytes`: `cacheControl` as given, `vary` added to
    /// `Accept-Encoding`, 304 when `If-None-Match` names the representation the client gets.
    static func response(_ bytes: [UInt8], request: Request, contentType: String = "application/json",
                         cacheControl: String, vary: String? = nil, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = cacheControl
        let gzip = GzipCoding.negotiate(request, etag: ETag.of(bytes), headers: &headers)
        if let vary { headers[.vary] = "Accept-Encoding, " + vary }
        let tag = headers[.eTag] ?? ""
        if status == .ok, ConditionalRequest.isNotModified(request, etag: tag, lastModified: nil) {
            return Response(status: .notModified, headers: headers)
        }
        var body = bytes
        if gzip {
            if let cached = gzipped.value(for: tag) {
                body = cached
            } else {
                body = Gzip.compress(bytes)
                gzipped.store(body, for: tag)
            }
        }
        headers[.contentLength] = String(body.count)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
