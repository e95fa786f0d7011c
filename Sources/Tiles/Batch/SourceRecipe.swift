/// `cairn render`'s recipe: a tile from a source (or one per frame, for an animation) through a
/// processor's chain, encoded.
public struct SourceRecipe: TileRecipe {
    public enum Fetched: Sendable {
        case still(TileImage)
        /// Every frame's tile, nil where the frame's source has none (at least one present).
        case frames([TileImage?], of: AnimatedTiles)
    }

    public let source: any TileSource
    public let processor: TileProcessor
    /// 1, or 2 for @2x tiles from templates with `{r}` / `{scale}`.
    public let scale: Int
    /// Animated tiles instead of `source`'s: one source per frame, each frame through the chain.
    public let animation: AnimatedTiles?

    public init(source: any TileSource, processor: TileProcessor, scale: Int = 1, animation: AnimatedTiles? = nil) {
        self.source = source
        self.processor = processor
        self.scale = scale
        self.animation = animation
    }

    public func fetch(_ tile: TileID) async throws -> Fetched? {
        if let animation {
            let frames = try await animation.fetch(tile, scale: scale)
            return frames.contains { $0 != nil } ? .frames(frames, of: animation) : nil
        }
        return try await source.tile(tile, scale: scale).map(Fetched.still)
    }

    public func render(_ fetched: Fetched, tile: TileID) throws -> RenderedTile {
        switch fetched {
        case .still(let image): RenderedTile(bytes: try processor.process(image, tile: tile).bytes)
        case .frames(let frames, let animation): RenderedTile(bytes: try animation.encode(frames, tile: tile, processor: processor))
        }
    }
}
