import Foundation
import Tiles

/// What the cache knows about a stored tile besides its bytes: when it stops being fresh, its
/// strong ETag, and the upstream's validators for revalidation (`If-None-Match`, `If-Modified-Since`).
/// Stored next to the tile as `NAME.meta`, a few `key=value` lines.
struct CacheMetadata: Equatable, Sendable {
    /// Seconds since 1970 when it was stored (or last revalidated).
    var storedAt: Double
    /// Seconds since 1970 after which it is stale.
    var expiresAt: Double
    /// The strong ETag of the stored bytes, quoted.
    var etag: String
    var upstreamETag: String?
    var upstreamLastModified: String?

    func isFresh(at now: Double) -> Bool { now < expiresAt }

    /// Seconds left to live at `now`: 0 when stale, at most 2^31 (a damaged `.meta` cannot make it trap).
    func remaining(at now: Double) -> Int { Int(min(max(0, (expiresAt - now).rounded(.down)), 2_147_483_648)) }

    var encoded: [UInt8] {
        var lines = ["stored=\(storedAt)", "expires=\(expiresAt)", "etag=\(etag)"]
        if let upstreamETag { lines.append("upstream-etag=\(upstreamETag)") }
        if let upstreamLastModified { lines.append("upstream-last-modified=\(upstreamLastModified)") }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    init(storedAt: Double, expiresAt: Double, etag: String, upstreamETag: String? = nil, upstreamLastModified: String? = nil) {
        self.storedAt = storedAt
        self.expiresAt = expiresAt
        self.etag = etag
        self.upstreamETag = upstreamETag
        self.upstreamLastModified = upstreamLastModified
    }

    /// Parses what ``encoded`` wrote; nil for anything else (the tile is then treated as absent).
    init?(decoding bytes: [UInt8]) {
        var fields: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { return nil }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let stored = fields["stored"].flatMap(Double.init), let expires = fields["expires"].flatMap(Double.init),
              let etag = fields["etag"] else { return nil }
        self.init(storedAt: stored, expiresAt: expires, etag: etag,
                  upstreamETag: fields["upstream-etag"], upstreamLastModified: fields["upstream-last-modified"])
    }
}

/// A tile read from the cache, with its `Last-Modified` text formatted once.
struct CachedTile: Sendable {
    let bytes: [UInt8]
    let metadata: CacheMetadata
    let lastModified: String

    init(bytes: [UInt8], metadata: CacheMetadata) {
        self.bytes = bytes
        self.metadata = metadata
        lastModified = HTTPDate.format(Date(timeIntervalSince1970: metadata.storedAt.rounded(.down)))
    }
}
