import Foundation
import HTTPTypes
import Hummingbird

/// A file the server hands out as it is (the map page's HTML, script, style and images; Leaflet's
/// installed files): its bytes, type and entity tag, and a gzipped twin when one exists.
struct StaticFile: Sendable {
    let bytes: [UInt8]
    let contentType: String
    let etag: String
    /// The same file gzipped (Debian installs `leaflet.js.gz` beside `leaflet.js`), sent to
    /// clients that accept it.
    let gzipped: [UInt8]?

    init(bytes: [UInt8], contentType: String, gzipped: [UInt8]? = nil) {
        self.bytes = bytes
        self.contentType = contentType
        self.gzipped = gzipped
        etag = ETag.of(bytes)
    }

    /// The media type of a file name's extension; nil for any other kind of file.
    static func contentType(forName name: String) -> String? {
        switch name.split(separator: ".").last.map({ $0.lowercased() }) {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "map", "json": "application/json"
        default: nil
        }
    }

    /// The response to `request`: 304 when its `If-None-Match` names this file, else the file,
    /// gzipped when the client accepts it and a gzipped twin exists.
    func response(to request: Request, cacheControl: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = cacheControl
        headers[.eTag] = etag
        if gzipped != nil { headers[.vary] = "Accept-Encoding" }
        if let condition = request.headers[.ifNoneMatch], ETag.matches(condition, etag) {
            return Response(status: .notModified, headers: headers)
        }
        var body = bytes
        if let gzipped, GzipCoding.accepts(request.headers[.acceptEncoding]) {
            headers[.contentEncoding] = "gzip"
            body = gzipped
        }
        headers[.contentLength] = String(body.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
