import Codecs
import Foundation
import HotLane
import NIOCore

/// A tile as a layer's memory tier holds it: its cache metadata (when it goes stale) and its
/// answer, prepared when it was stored.
struct MemoryTile: Sendable {
    let metadata: CacheMetadata
    let answer: PreparedAnswer

    /// `tile` (from the disk, or just rendered) in `format`, its answer prepared.
    init(_ tile: CachedTile, format: ImageFormat) {
        metadata = tile.metadata
        answer = PreparedAnswer(body: tile.bytes, etag: tile.metadata.etag, lastModified: tile.lastModified,
                                contentType: format.mimeType)
    }

    /// The tile's bytes with its metadata, as the disk cache stores them (a copy).
    var cached: CachedTile { CachedTile(bytes: Array(answer.body.readableBytesView), metadata: metadata) }
}
