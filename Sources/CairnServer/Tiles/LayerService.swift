import Canvas
import Codecs
import Foundation
import RemoteTiles
import Tiles

/// Serves one layer: the disk cache first; on a miss or a stale copy one coalesced trip upstream
/// (conditional when the copy has validators), the chain on the render pool, and the result stored.
/// When the upstream fails and a stale copy exists, the stale copy is served (stale-if-error).
final class LayerService: Sendable {
    let layer: ServerConfig.Layer
    let source: any TileSource
    private let cache: DiskCache
    private let renders: RenderQueue
    private let productions: ProductionLimit
    private let policy: ServerConfig.Cache
    private let metrics: ServerMetrics
    /// The tile cache's hit and miss counters.
    private let lookups: CacheLookupMeter
    /// Upstream images (tiles, children, ancestors) are decoded within these.
    private let decodeLimits: DecodeLimits
    private let coalescer = Coalescer<String, ServedTile>()
    /// The most recently served tiles, in memory in front of the disk (a hit costs no file reads),
    /// their answers prepared.
    private let hot: MemoryCache<String, MemoryTile>
    /// The template asks for a scale (`{r}`, `{scale}`): the source has its own @2x tiles.
    private let sourceHasHiDPI: Bool
    /// When tiles are stored and go stale.
    private let clock: any WallClock

    init(layer: ServerConfig.Layer, cache: DiskCache, renders: RenderQueue, productions: ProductionLimit,
         policy: ServerConfig.Cache, metrics: ServerMetrics, decodeLimits: DecodeLimits, clock: any WallClock) throws {
        self.layer = layer
        self.clock = clock
        source = try SourceLocation.open(layer.source.url, subdomains: layer.source.subdomains, http: layer.source.http,
                                         maxzoom: layer.source.maxzoom, overZoomDepth: TileID.maximumZoom, decodeLimits: decodeLimits)
        self.decodeLimits = decodeLimits
        self.cache = cache
        self.renders = renders
        self.productions = productions
        self.policy = policy
        self.metrics = metrics
        lookups = metrics.cacheLookups(kind: "tile")
        hot = MemoryCache(tier: policy)
        cache.attach(hot)
        sourceHasHiDPI = (try? URLTemplate(layer.source.url))?.hasScale ?? false
    }

    /// The metadata of an archive source (PMTiles, local or remote), for the layer's TileJSON; nil for
    /// other sources, and for a remote archive that cannot be read now (the TileJSON then says what
    /// the configuration says).
    func archiveMetadata() async -> [String: String]? {
        let base = (source as? OverZoomSource)?.base ?? source
        return try? await (base as? any DescribedTileSource)?.tilesetMetadata()
    }

    func tile(_ request: TileRequest) async throws(ServeError) -> ServedTile {
        guard (layer.minzoom...layer.maxzoom).contains(request.tile.z) else {
            throw .notFound("zoom \(request.tile.z) is outside layer '\(layer.name)' (\(layer.minzoom)…\(layer.maxzoom))")
        }
        if let hit = hit(request) { return hit }
        let now = clock.now()
        // Stale in memory (or stored by another request meanwhile), or only on disk.
        let inMemory = hot.value(for: request.cacheKey)
        if inMemory != nil { cache.touch(request.cacheKey) }
        let stored = inMemory ?? cache.read(request.cacheKey).map { remember($0, for: request) }
        if let stored, stored.metadata.isFresh(at: now) {
            lookups.counted(hit: true)
            return served(stored, now: now, status: "cairn; hit")
        }
        lookups.counted(hit: false)
        do {
            let (tile, joined) = try await coalescer.value(for: request.cacheKey) {
                try await self.productions.admit { try await self.produce(request, stale: stored) }
            }
            return joined ? tile.collapsed : tile
        } catch {
            let failure = ServeError(unexpected: error)
            if let stored, [502, 504].contains(failure.statusCode) {
                return served(stored, now: now, status: "cairn; hit; fwd=stale; detail=stale-if-error")
            }
            throw failure
        }
    }

    /// The tile as a hit when a fresh copy is in the memory tier (counted as a hit), else nil: what
    /// ``tile(_:)`` answers first, and all the hot lane answers (on the event loop, without waiting).
    /// Outside changes to the cache (`cairn cache purge`) are noticed first, so a purged tile is no hit.
    func hit(_ request: TileRequest) -> ServedTile? {
        guard (layer.minzoom...layer.maxzoom).contains(request.tile.z) else { return nil }
        return hit(key: request.cacheKey)
    }

    /// ``hit(_:)`` by the request's ``TileRequest/cacheKey``. The memory tier only holds the keys of
    /// requests that passed ``hit(_:)``'s checks, so any key found is one of those.
    func hit(key: String) -> ServedTile? {
        cache.noticeOutsideChanges()
        let now = clock.now()
        guard let inMemory = hot.value(for: key), inMemory.metadata.isFresh(at: now) else { return nil }
        cache.touch(key)
        lookups.counted(hit: true)
        return served(inMemory, now: now, status: "cairn; hit")
    }

    /// The tile, or nil when there is none (what ``tile(_:)`` answers with a 404): a picture made of
    /// several tiles (a static map, an animation) leaves that part transparent.
    func tileIfPresent(_ request: TileRequest) async throws(ServeError) -> ServedTile? {
        do {
            return try await tile(request)
        } catch where error.statusCode == 404 {
            return nil
        }
    }

    /// The cache's copy of the tile when it is fresh (a resumed seed keeps it), else nil.
    func freshCopy(_ request: TileRequest) -> CachedTile? {
        cache.read(request.cacheKey).flatMap { $0.metadata.isFresh(at: clock.now()) ? $0 : nil }
    }

    /// The bytes the tile would be stored with, rendered without storing it (a seed's estimate);
    /// 0 when the source has no such tile.
    func sampleSize(_ request: TileRequest) async throws(ServeError) -> Int {
        do {
            return try await productions.admit { try await self.produce(request, stale: nil, store: false) }.answer.body.readableBytes
        } catch {
            let failure = ServeError(unexpected: error)
            if failure.statusCode == 404 { return 0 }
            throw failure
        }
    }

    /// One trip upstream and one render for a tile that is missing or stale, stored unless `store` is false.
    private func produce(_ request: TileRequest, stale: MemoryTile?, store: Bool = true) async throws -> ServedTile {
        let validators = stale.map { Validators(etag: $0.metadata.upstreamETag, lastModified: $0.metadata.upstreamLastModified) } ?? Validators()
        let upstream = try await fetch(request, validators: validators)
        let now = clock.now()
        let lifetime = policy.honourUpstream ? (upstream.maxAge ?? policy.ttl) : policy.ttl
        let forward = stale == nil ? "fwd=miss" : "fwd=stale"
        switch upstream.body {
        case .notFound:
            throw ServeError.notFound("the source has no tile \(request.tile)")
        case .notModified:
            guard let stale else { throw ServeError.badUpstream("the upstream answered 304 to an unconditional request") }
            var metadata = stale.metadata
            metadata.storedAt = now
            metadata.expiresAt = now + lifetime
            let refreshed = CachedTile(bytes: stale.cached.bytes, metadata: metadata)
            cache.refresh(request.cacheKey, bytes: refreshed.bytes, metadata: metadata)
            return served(remember(refreshed, for: request), now: now, status: "cairn; \(forward); fwd-status=304")
        case .image(let image):
            let bytes = try await render(image, request: request)
            let (tile, stored) = keep(bytes, for: request, maxAge: upstream.maxAge, validators: upstream.validators, at: now, store: store)
            return served(tile, now: now, status: "cairn; \(forward)" + (stored ? "; stored" : ""))
        }
    }

    /// A tile just rendered from the upstream's answer, with the metadata a miss stores it with
    /// (fresh for the upstream's max-age under `honour_upstream`, else for the TTL), kept in memory
    /// and on disk unless `store` is false or its lifetime is 0; `stored` when the disk took it.
    /// What a miss stores, and a seed (``LayerSeedSink``), at `time` (default: now).
    @discardableResult
    func keep(_ bytes: [UInt8], for request: TileRequest, maxAge: Double?, validators: Validators, at time: Double? = nil,
              store: Bool = true) -> (tile: MemoryTile, stored: Bool) {
        let now = time ?? clock.now()
        let lifetime = policy.honourUpstream ? (maxAge ?? policy.ttl) : policy.ttl
        let cached = CachedTile(bytes: bytes, metadata: CacheMetadata(storedAt: now, expiresAt: now + lifetime, etag: ETag.of(bytes),
                                                                       upstreamETag: validators.etag, upstreamLastModified: validators.lastModified))
        guard lifetime > 0 && store else { return (MemoryTile(cached, format: request.format), false) }
        // Kept in memory even when the disk cannot take it (full): hits stay cheap.
        return (remember(cached, for: request), cache.store(request.cacheKey, bytes: bytes, metadata: cached.metadata))
    }

    /// `tile` in the memory tier under the request's key, its answer prepared.
    private func remember(_ tile: CachedTile, for request: TileRequest) -> MemoryTile {
        let kept = MemoryTile(tile, format: request.format)
        hot.store(kept, for: request.cacheKey)
        return kept
    }

    /// What the upstream gave for the request: one tile, four children to stitch, or a parent to scale up.
    func fetch(_ request: TileRequest, validators: Validators) async throws -> UpstreamTile {
        let tile = request.tile
        let started = DispatchTime.now()
        defer { metrics.upstreamFinished(layer: layer.name, since: started) }
        do {
            if request.scale == 1 || sourceHasHiDPI {
                return UpstreamTile(try await source.fetch(tile, scale: request.scale, validators: validators))
            }
            // @2x from a source without hi-dpi tiles: the four children (real detail, as MapProxy
            // does), or the tile scaled up when the children are beyond what the source has.
            let deepest = min(layer.source.maxzoom ?? layer.maxzoom, TileID.maximumZoom)
            guard tile.z < deepest else {
                return UpstreamTile(try await source.fetch(tile, scale: 1, validators: Validators()), upscale: true)
            }
            let answers = try await withThrowingTaskGroup(of: (Int, SourceAnswer).self) { group in
                for (index, child) in tile.children.enumerated() {
                    group.addTask { (index, try await self.source.fetch(child, scale: 1, validators: Validators())) }
                }
                return try await group.reduce(into: [SourceAnswer?](repeating: nil, count: 4)) { $0[$1.0] = $1.1 }
            }
            return UpstreamTile(children: answers.map { $0! })
        } catch let error as SourceError {
            metrics.upstreamError(kind: error.kind.rawValue)
            throw error.kind == .timeout ? ServeError.upstreamTimeout(error.message) : ServeError.badUpstream(error.message)
        } catch let error as CodecError {
            // An over-zoomed tile's ancestor that does not decode (within the limits).
            throw undecodable(error, tile: tile)
        }
    }

    /// The layer's chain over the upstream image, on the render pool, encoded in the requested format.
    private func render(_ image: UpstreamTile.Image, request: TileRequest) async throws -> [UInt8] {
        try await renders.run { try self.draw(image, request: request) }
    }

    /// The layer's chain over the upstream image, encoded in the requested format, on the calling
    /// thread (a render worker): what a miss renders and a seed (``LayerRecipe``) too.
    func draw(_ image: UpstreamTile.Image, request: TileRequest) throws -> [UInt8] {
        let processor = TileProcessor(chain: layer.chain, encoder: ImageEncoder.default(for: request.format), limits: decodeLimits)
        let tile = request.tile, limits = decodeLimits
        let started = DispatchTime.now()
        defer { metrics.renderFinished(layer: layer.name, since: started) }
        do {
            switch image {
            case .single(let input): return try processor.process(input, tile: tile).bytes
            case .upscaled(let input):
                let surface = try input.surface(limits: limits)
                try limits.check(width: surface.width * 2, height: surface.height * 2)
                return try processor.process(.decoded(try Stitch.scaledUp(surface), format: input.format ?? .png), tile: tile).bytes
            case .quad(let children):
                let surfaces = try children.map { try $0?.surface(limits: limits) }
                return try processor.process(.decoded(try Stitch.quad(surfaces), format: request.format), tile: tile).bytes
            }
        } catch let error as CodecError {
            throw undecodable(error, tile: tile)
        }
    }

    /// An upstream image that does not decode, or not within the decode limits: counted, and a 502.
    private func undecodable(_ error: CodecError, tile: TileID) -> ServeError {
        metrics.upstreamError(kind: "undecodable")
        return .badUpstream("the upstream's answer for \(tile) is not a usable image (\(error))")
    }

    private func served(_ stored: MemoryTile, now: Double, status: String) -> ServedTile {
        ServedTile(answer: stored.answer, maxAge: stored.metadata.remaining(at: now), cacheStatus: status)
    }
}
