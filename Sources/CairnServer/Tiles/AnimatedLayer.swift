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
        let encoder = try Self.encoder(for: request.format)
        let tiles = try await fetchFrames(request)
        guard tiles.contains(where: { $0 != nil }) else { throw ServeError.notFound("no frame has the tile \(request.tile)") }
        let frameBytes = tiles.map { $0?.bytes }
        let (image, status) = try await store.image(key(of: request, frameETags: tiles.map { $0?.etag })) {
            try await renders.run { try self.encode(frameBytes, with: encoder) }
        }
        return (image, status, tiles.compactMap { $0?.maxAge }.min() ?? 60)
    }

    /// The encoder of animated tiles in `format`: APNG for `.png`, animated WebP for `.webp`.
    static func encoder(for format: ImageFormat) throws(ServeError) -> any AnimationEncoder {
        switch format {
        case .png: APNGEncoder()
        case .webp: AnimatedWebPEncoder()
        default: throw ServeError.notFound("animated tiles are .png (APNG) or .webp (animated WebP)")
        }
    }

    /// The cache key of a tile's animation: under the tile's z/x/y, so that a purge by region and
    /// zoom finds it, and naming its frames (their ETags, nil for a missing frame) and timing.
    func key(of request: TileRequest, frameETags: [String?]) -> String {
        let tags = frameETags.map { $0 ?? "-" } + [String(frames.delay), String(frames.loops)]
        let tile = request.tile, hash = ETag.of(Array((request.cacheKey + tags.joined(separator: "|")).utf8)).filter { $0 != "\"" }
        return "_animations/\(layer.name)/\(tile.z)/\(tile.x)/\(tile.y)\(request.scale == 2 ? "@2x" : "")-\(hash).\(request.format.fileExtension)"
    }

    /// The animation of the frames' tiles (at least one present; a missing one is transparent),
    /// on the calling thread (a render worker).
    func encode(_ frameBytes: [[UInt8]?], with encoder: any AnimationEncoder) throws -> [UInt8] {
        let decoded = try frameBytes.map { bytes in try bytes.map { try ImageDecoder.decode($0, limits: decodeLimits) } }
        let size = decoded.compactMap { $0 }[0]
        let pictures = try decoded.map { try $0 ?? Surface(width: size.width, height: size.height) }
        return try encoder.encode(pictures.map { AnimationFrame($0, milliseconds: frames.delay) }, loopCount: frames.loops)
    }

    /// Stores a seeded tile's animation (made by ``encode(_:with:)`` from its frames' tiles, whose
    /// ETags are given) as a request would.
    func keep(_ bytes: [UInt8], for request: TileRequest, frameETags: [String?]) {
        store.keep(bytes, as: key(of: request, frameETags: frameETags))
    }

    /// True when the cache holds the animation of the frames' fresh copies, a frame without one
    /// taken as one its source lacks (a resumed seed keeps it; a frame that expired changes the key).
    func hasFresh(_ request: TileRequest) -> Bool {
        let etags = services.map { frame in
            frame.service.freshCopy(TileRequest(layer: frame.name, tile: request.tile, scale: request.scale, format: layer.format))?.metadata.etag
        }
        return etags.contains { $0 != nil } && store.contains(key(of: request, frameETags: etags))
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
