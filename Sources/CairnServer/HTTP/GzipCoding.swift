import HTTPTypes
import Hummingbird

/// `Content-Encoding: gzip` for JSON, GeoJSON and vector tiles, as Martin and tileserver-gl serve
/// them: only to clients whose `Accept-Encoding` allows it, with `Vary: Accept-Encoding` on every
/// answer, and an entity tag of its own (`"…-gzip"`: RFC 9110 gives each content coding its own
/// representation, so a cache never answers an identity `If-None-Match` with gzip bytes).
enum GzipCoding {
    /// Sets `Vary: Accept-Encoding` and the ETag of the representation `request` gets (the
    /// gzipped one's when it accepts gzip, then also `Content-Encoding: gzip`); whether to gzip.
    static func negotiate(_ request: Request, etag: String, headers: inout HTTPFields) -> Bool {
        headers[.vary] = "Accept-Encoding"
        let gzip = accepts(request.headers[.acceptEncoding])
        headers[.eTag] = gzip ? Self.etag(etag) : etag
        if gzip { headers[.contentEncoding] = "gzip" }
        return gzip
    }

    /// The ETag of the gzipped representation of the body tagged `etag`.
    static func etag(_ etag: String) -> String {
        etag.hasSuffix("\"") ? String(etag.dropLast()) + "-gzip\"" : etag + "-gzip"
    }

    /// Whether an `Accept-Encoding` value allows gzip: listed (or `*`) with a quality above 0.
    static func accepts(_ header: String?) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, ["gzip", "x-gzip", "*"].contains(coding) else { return false }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return quality > 0
        }
    }
}
