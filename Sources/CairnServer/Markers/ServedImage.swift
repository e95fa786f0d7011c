import Clusters
import Codecs
import Foundation
import HTTPTypes
import HotLane
import NIOCore
import Tiles

/// A rendered image (badge, card, cluster tile, static map, animation) as the memory cache holds
/// it: its answer prepared once (``PreparedAnswer``).
struct ServedImage: Sendable {
    let answer: PreparedAnswer

    var etag: String { answer.etag }
    /// When it was rendered, as an HTTP date.
    var lastModified: String { answer.lastModified }
    /// The image's bytes, as the answer sends them (not copied).
    var bytes: ByteBufferView { answer.body.readableBytesView }

    /// The image `bytes` kept under `key`, whose extension names what it is (`.png`, `.jpg`,
    /// `.webp`, `.geojson`, or `.mvt`: a vector tile, answered gzipped to clients that accept it).
    init(bytes: [UInt8], etag: String, storedAt: Double, key: String) {
        let lastModified = HTTPDate.format(Date(timeIntervalSince1970: storedAt.rounded(.down)))
        let fileExtension = key.split(separator: ".").last.map(String.init) ?? ""
        guard fileExtension == "mvt" else {
            answer = PreparedAnswer(body: bytes, etag: etag, lastModified: lastModified,
                                    contentType: fileExtension == "geojson" ? "application/geo+json"
                                        : ImageFormat(fileExtension: fileExtension)?.mimeType ?? "application/octet-stream")
            return
        }
        let vary = HTTPField(name: .vary, value: "Accept-Encoding")
        let gzipped = PreparedAnswer(body: Gzip.compress(bytes), etag: GzipCoding.etag(etag), lastModified: lastModified,
                                     contentType: VectorTile.mediaType,
                                     representation: [vary, HTTPField(name: .contentEncoding, value: "gzip")])
        answer = PreparedAnswer(body: bytes, etag: etag, lastModified: lastModified, contentType: VectorTile.mediaType,
                                representation: [vary], gzipped: gzipped)
    }
}

/// Deterministic images (badges, cards): rendered once per distinct set of parameters, kept in a
/// memory LRU in front of the disk cache. Their bytes never change for the same key, so clients
/// may keep them as long as the cache TTL says.
struct ImageStore: Sendable {
    let memory: MemoryCache<String, ServedImage>
    let disk: DiskCache
    /// The hit and miss counters of the images' kind.
    private let lookups: CacheLookupMeter

    /// `kind` names the images in the cache metrics (badge, card…).
    init(memory: MemoryCache<String, ServedImage>, disk: DiskCache, metrics: ServerMetrics, kind: String) {
        self.memory = memory
        self.disk = disk
        lookups = metrics.cacheLookups(kind: kind)
    }

    /// The image under `key`: from memory, else from disk (then kept in memory), else made by
    /// `render` and stored in both. The cache status says which.
    func image(_ key: String, render: () async throws -> [UInt8]) async throws -> (ServedImage, String) {
        if let image = hit(key) { return (image, "cairn; hit") }
        if let stored = disk.read(key) {
            lookups.counted(hit: true)
            let image = ServedImage(bytes: stored.bytes, etag: stored.metadata.etag, storedAt: stored.metadata.storedAt, key: key)
            memory.store(image, for: key)
            return (image, "cairn; hit; detail=disk")
        }
        lookups.counted(hit: false)
        let (image, stored) = keep(try await render(), as: key)
        return (image, "cairn; fwd=miss" + (stored ? "; stored" : ""))
    }

    /// Keeps `bytes` just rendered under `key`, in memory and on disk (`stored` when the disk took
    /// them): what a miss stores, and a seed.
    @discardableResult
    func keep(_ bytes: [UInt8], as key: String) -> (image: ServedImage, stored: Bool) {
        let now = Date().timeIntervalSince1970.rounded(.down)
        let image = ServedImage(bytes: bytes, etag: ETag.of(bytes), storedAt: now, key: key)
        memory.store(image, for: key)
        // Rendered images never go stale: their key names everything that shapes them.
        return (image, disk.store(key, bytes: bytes, metadata: CacheMetadata(storedAt: now, expiresAt: .greatestFiniteMagnitude, etag: image.etag)))
    }

    /// True when the image under `key` is in memory or on disk.
    func contains(_ key: String) -> Bool { memory.value(for: key) != nil || disk.read(key) != nil }

    /// The image under `key` when it is in memory (counted as a hit; status `cairn; hit`), else nil:
    /// what ``image(_:render:)`` answers first, and all the hot lane answers. Outside changes to
    /// the cache are noticed first, so a purged image is no hit.
    func hit(_ key: String) -> ServedImage? {
        disk.noticeOutsideChanges()
        guard let image = memory.value(for: key) else { return nil }
        lookups.counted(hit: true)
        return image
    }
}
