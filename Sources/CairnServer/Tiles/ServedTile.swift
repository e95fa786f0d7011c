import Codecs
import Foundation

/// A tile ready to send, with what the response headers need.
struct ServedTile: Sendable {
    let bytes: [UInt8]
    let format: ImageFormat
    let etag: String
    /// When it was rendered, as an HTTP date (`Last-Modified`).
    let lastModified: String
    /// Seconds it stays fresh from now (`Cache-Control: max-age`).
    let maxAge: Int
    /// RFC 9211 `Cache-Status`, e.g. `cairn; hit` or `cairn; fwd=miss; stored`.
    let cacheStatus: String
}

extension ServedTile {
    /// The same tile for a request that waited on another's render (RFC 9211's `collapsed`).
    var collapsed: ServedTile {
        ServedTile(bytes: bytes, format: format, etag: etag, lastModified: lastModified, maxAge: maxAge, cacheStatus: cacheStatus + "; collapsed")
    }
}
