import Codecs
import Synchronization

/// The gzipped form of a body that does not change (a vector tile, a GeoJSON answer of one dataset
/// version), made on the first request that accepts gzip and kept beside the body: later ones are
/// not compressed again. Copies of the value holding it share it.
final class GzipTwin: Sendable {
    private let made = Mutex<[UInt8]?>(nil)

    /// The gzipped `plain` (the same bytes every call: the body it twins).
    func bytes(of plain: [UInt8]) -> [UInt8] {
        if let bytes = made.withLock({ $0 }) { return bytes }
        let bytes = Gzip.compress(plain)
        made.withLock { $0 = $0 ?? bytes }
        return bytes
    }
}

/// `Content-Encoding: gzip` for JSON, GeoJSON and vector tiles, as Martin and tileserver-gl serve
/// them: only to clients whose `Accept-Encoding` allows it, with `Vary: Accept-Encoding` on every
/// answer, and an entity tag of its own (`"…-gzip"`: RFC 9110 gives each content coding its own
/// representation, so a cache never answers an identity `If-None-Match` with gzip bytes).
enum GzipCoding {
    /// The ETag of the gzipped representation of the body tagged `etag`.
    static func etag(_ etag: String) -> String {
        etag.hasSuffix("\"") ? String(etag.dropLast()) + "-gzip\"" : etag + "-gzip"
    }
}
