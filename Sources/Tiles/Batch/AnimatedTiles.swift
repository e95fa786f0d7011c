import Canvas
import Codecs

/// Animated tiles in batch: one source per frame, every frame through the same processor's chain,
/// encoded as one animation (APNG or animated WebP). A frame a source does not have is a
/// transparent frame; a tile no frame has is "no tile".
public struct AnimatedTiles: Sendable {
    public let sources: [any TileSource]
    public let encoder: any AnimationEncoder
    /// How long each frame shows, in milliseconds.
    public let delay: Int
    /// How many times the animation plays; 0 is forever.
    public let loops: Int

    public init(sources: [any TileSource], encoder: any AnimationEncoder, delay: Int, loops: Int = 0) {
        self.sources = sources
        self.encoder = encoder
        self.delay = delay
        self.loops = loops
    }

    /// Every frame's tile, fetched at once; nil for a frame its source does not have.
    public func fetch(_ tile: TileID, scale: Int) async throws -> [TileImage?] {
        try await withThrowingTaskGroup(of: (Int, TileImage?).self) { group in
            for (index, source) in sources.enumerated() {
                group.addTask { (index, try await source.tile(tile, scale: scale)) }
            }
            var frames = [TileImage?](repeating: nil, count: sources.count)
            for try await (index, frame) in group { frames[index] = frame }
            return frames
        }
    }

    /// The animation of frames already fetched (at least one present), each through `processor`'s chain.
    public func encode(_ frames: [TileImage?], tile: TileID, processor: TileProcessor) throws -> [UInt8] {
        let drawn = try frames.map { frame in try frame.map { try processor.render($0, tile: tile) } }
        guard let size = drawn.lazy.compactMap({ $0 }).first else { throw CodecError.empty }
        let pictures = try drawn.map { try $0 ?? Surface(width: size.width, height: size.height) }
        return try encoder.encode(pictures.map { AnimationFrame($0, milliseconds: delay) }, loopCount: loops)
    }

    /// Closes every frame's source.
    public func close() async {
        for source in sources { await source.close() }
    }
}
