import Canvas
import Codecs
import Foundation
import Hummingbird
import Tiles

/// An animated layer (`frames:`): every frame is a layer of its own — its own source, cache
/// entries and coalesced fetches, the layer's chain — and a tile is the animation of the frames'
/// tiles: an APNG for `.png`, an animated WebP for `.webp`. Every frame is fetched before the
/// answer starts; `?frame=N` answers one frame as a still tile.
final class AnimatedLayer: Sendable {
    let layer: ServerConfig.Layer
    let frames: ServerConfig.Frames
    /// Each frame's service, and the name its tiles are cached under (`{layer}/frames/{n}-{hash}`).
    let services: [(name: String, service: LayerService)]
    private let store: ImageStore
    private let renders: RenderQueue
    private let decodeLimits: DecodeLimits

    init(layer: ServerConfig.Layer, frames: ServerConfig.Frames, make: (ServerConfig.Layer) throws -> LayerService,
         store: ImageStore, renders: RenderQueue, decodeLimits: DecodeLimits) throws {
        self.layer = layer
        self.frames = frames
        services = try frames.urls.enumerated().map { index, url in
            // The URL in the name: a frame whose source changes gets new cache entries.
            let name = "\(layer.name)/frames/\(index)-" + ETag.of(Array(url.utf8)).filter { $0 != "\"" }.prefix(8)
            var frameLayer = layer
            frameLayer.name = name
            frameLayer.source.url = url
            frameLayer.frames = nil
            return (name, try make(frameLayer))
        }
        self.store = store
        self.renders = renders
        self.decodeLimits = decodeLimits
    }

    /// `?frame=N`: frame N's tile, as a still image in the format asked for — shown the way the
    /// animation shows it: a frame the source lacks is a transparent still of the other frames' size
    /// (a 404 with `missing: fail`, or when no frame has the tile, as for the animation).
    func frame(_ text: String, of request: TileRequest) async throws -> ServedTile {
        guard text.count <= 3, let index = Int(text), services.indices.contains(index) else {
            throw ServeError.badRequest("frame must be a whole number from 0 to \(services.count - 1)")
        }
        let (name, service) = services[index]
        let own = TileRequest(layer: name, tile: request.tile, scale: request.scale, format: request.format)
        guard frames.missing == .transparent else { return try await service.tile(own) }
        if let tile = try await service.tileIfPresent(own) { return tile }
        let present = try await fetchFrames(request).compactMap { $0 }
        guard let shown = present.first else { throw ServeError.notFound("no frame has the tile \(request.tile)") }
        return try await transparentStill(like: shown, format: request.format, maxAge: present.map(\.maxAge).min() ?? 60)
    }

    /// A transparent tile the size of `shown` in `format`: a missing frame as the animation shows it.
    private func transparentStill(like shown: ServedTile, format: ImageFormat, maxAge: Int) async throws -> ServedTile {
        let size = try ImageDecoder.size(of: shown.bytes)
        let bytes = try await renders.run {
            try ImageEncoder.default(for: format).encode(try Surface(width: size.width, height: size.height))
        }
        return ServedTile(bytes: bytes, format: format, etag: ETag.of(bytes), lastModified: shown.lastModified,
                          maxAge: maxAge, cacheStatus: "cairn; fwd=miss; detail=missing-frame")
    }

    /// The animation of a tile: every frame's tile (a frame the source lacks is transparent, or
    /// with `missing: fail` a 404), encoded once and cached under a key naming the frames' ETags.
    func animation(_ request: TileRequest) async throws -> (image: ServedImage, status: String, maxAge: Int) {
        let encoder: any AnimationEncoder
        switch request.format {
        case .png: encoder = APNGEncoder()
        case .webp: encoder = AnimatedWebPEncoder()
        default: throw ServeError.notFound("animated tiles are .png (APNG) or .webp (animated WebP)")
        }
        let tiles = try await fetchFrames(request)
        guard tiles.contains(where: { $0 != nil }) else { throw ServeError.notFound("no frame has the tile \(request.tile)") }
        let tags = tiles.map { $0?.etag ?? "-" } + [String(frames.delay), String(frames.loops)]
        // Under the tile's z/x/y, so that a purge by region and zoom finds it.
        let tile = request.tile, hash = ETag.of(Array((request.cacheKey + tags.joined(separator: "|")).utf8)).filter { $0 != "\"" }
        let key = "_animations/\(layer.name)/\(tile.z)/\(tile.x)/\(tile.y)\(request.scale == 2 ? "@2x" : "")-\(hash).\(request.format.fileExtension)"
        let (delay, loops, limits) = (frames.delay, frames.loops, decodeLimits)
        let (image, status) = try await store.image(key) {
            try await renders.run {
                let decoded = try tiles.map { tile in try tile.map { try ImageDecoder.decode($0.bytes, limits: limits) } }
                let size = decoded.compactMap { $0 }[0]
                let pictures = try decoded.map { try $0 ?? Surface(width: size.width, height: size.height) }
                return try encoder.encode(pictures.map { AnimationFrame($0, milliseconds: delay) }, loopCount: loops)
            }
        }
        return (image, status, tiles.compactMap { $0?.maxAge }.min() ?? 60)
    }

    /// Seeds a tile: every frame's tile rendered anew (``LayerService/seed(_:resume:)``), then the
    /// animation of them encoded and stored as a request would.
    func seed(_ request: TileRequest, resume: Bool) async throws -> LayerService.SeedOutcome {
        let format = layer.format
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (name, service) in services {
                group.addTask {
                    _ = try await service.seed(TileRequest(layer: name, tile: request.tile, scale: request.scale, format: format), resume: resume)
                }
            }
            try await group.waitForAll()
        }
        do {
            let (image, status, _) = try await animation(request)
            return status.contains("fwd=miss") ? .stored(image.bytes.count) : .kept
        } catch let error as ServeError where error.statusCode == 404 {
            return .absent
        }
    }

    /// Every frame's tile in the layer's own format, fetched at once; nil for a frame the source
    /// does not have (unless `missing: fail`).
    private func fetchFrames(_ request: TileRequest) async throws -> [ServedTile?] {
        let format = layer.format, failOnMissing = frames.missing == .fail
        return try await withThrowingTaskGroup(of: (Int, ServedTile?).self) { group in
            for (index, (name, service)) in services.enumerated() {
                group.addTask {
                    let tile = try await service.tileIfPresent(TileRequest(layer: name, tile: request.tile, scale: request.scale, format: format))
                    if tile == nil, failOnMissing { throw ServeError.notFound("frame \(index) has no tile \(request.tile)") }
                    return (index, tile)
                }
            }
            var tiles = [ServedTile?](repeating: nil, count: services.count)
            for try await (index, tile) in group { tiles[index] = tile }
            return tiles
        }
    }
}
