import Canvas

/// What a renderer knows about the tile it draws on.
public struct RenderContext: Sendable {
    /// The tile's coordinates, when known (`--tile`, a `z/x/y` path, or the batch job).
    public var tile: TileID?
    /// Pixels per point: 1 for a 256 px tile, 2 for a 512 px (@2x) one.
    public var scale: Double

    public init(tile: TileID?, scale: Double = 1) {
        self.tile = tile
        self.scale = scale
    }

    /// The scale a tile of `pixels` across has, taking 256 px as @1x.
    public static func scale(forTileSide pixels: Int) -> Double { max(1, Double(pixels) / 256) }
}

/// One step of a renderer chain: draws on, or transforms, a tile image.
///
/// Renderers are small immutable values, so a chain is safe to share between worker threads and a
/// result can be cached by (input, renderer, arguments).
public protocol Renderer: Sendable {
    /// Changes `image` in place, or replaces it with a new surface.
    func render(_ image: inout Surface, context: RenderContext) throws
}
