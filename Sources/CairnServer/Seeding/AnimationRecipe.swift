import Codecs
import Tiles

/// An animated layer's tiles as a seed makes them with ``BatchRender``: every frame's tile as
/// ``LayerRecipe`` makes it (in the layer's own format), then the animation of them in the seed's
/// format (APNG or animated WebP), as a request would encode it. A tile no frame has (or, with
/// `missing: fail`, one a frame lacks) is "no tile", as it is a 404 to a request.
struct AnimationRecipe: TileRecipe {
    let layer: AnimatedLayer
    /// Each frame's recipe, in the order of the frames.
    let frames: [LayerRecipe]
    let scale: Int
    let format: ImageFormat
    private let encoder: any AnimationEncoder

    init(_ layer: AnimatedLayer, scale: Int, format: ImageFormat) throws(ServeError) {
        self.layer = layer
        frames = layer.services.map { LayerRecipe(service: $0.service, scale: scale, format: layer.layer.format) }
        self.scale = scale
        self.format = format
        encoder = try AnimatedLayer.encoder(for: format)
    }

    /// The request a client would make for `tile`'s animation.
    func request(_ tile: TileID) -> TileRequest {
        TileRequest(layer: layer.layer.name, tile: tile, scale: scale, format: format)
    }

    func fetch(_ tile: TileID) async throws -> [LayerRecipe.Fetched?]? {
        let fetched = try await withThrowingTaskGroup(of: (Int, LayerRecipe.Fetched?).self) { group in
            for (index, frame) in frames.enumerated() {
                group.addTask { (index, try await frame.fetch(tile)) }
            }
            return try await group.reduce(into: [LayerRecipe.Fetched?](repeating: nil, count: frames.count)) { $0[$1.0] = $1.1 }
        }
        guard fetched.contains(where: { $0 != nil }) else { return nil }
        if layer.frames.missing == .fail, fetched.contains(where: { $0 == nil }) { return nil }
        return fetched
    }

    func render(_ fetched: [LayerRecipe.Fetched?], tile: TileID) throws -> RenderedTile {
        let drawn = try zip(frames, fetched).map { frame, fetched in try fetched.map { try frame.render($0, tile: tile) } }
        return RenderedTile(bytes: try layer.encode(drawn.map { $0?.bytes }, with: encoder),
                            maxAge: drawn.compactMap { $0?.maxAge }.min(), frames: drawn)
    }
}

/// Where a seed of an animated layer puts its tiles: every frame's tile in the frame's cache
/// entries (as ``LayerSeedSink``), then the animation under the key a request looks it up by.
/// A tile whose every frame has a fresh copy, and their animation, is one the cache already has.
final class AnimationSeedSink: TileSink {
    let recipe: AnimationRecipe
    private let frames: [LayerSeedSink]

    init(_ recipe: AnimationRecipe) {
        self.recipe = recipe
        frames = recipe.frames.map(LayerSeedSink.init)
    }

    func contains(_ tile: TileID) -> Bool { recipe.layer.hasFresh(recipe.request(tile)) }

    func write(_ tile: TileID, data: [UInt8]) { write(tile, rendered: RenderedTile(bytes: data)) }

    func write(_ tile: TileID, rendered: RenderedTile) {
        for (sink, frame) in zip(frames, rendered.frames) {
            if let frame { sink.write(tile, rendered: frame) }
        }
        recipe.layer.keep(rendered.bytes, for: recipe.request(tile), frameETags: rendered.frames.map { $0.map { ETag.of($0.bytes) } })
    }

    /// Every tile is in the cache as soon as it is written.
    func finish(describing tileset: TilesetDescription) {}
}
