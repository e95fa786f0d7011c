import Canvas

/// `tint`: one colour over the whole tile: a fixed `color` (its own alpha, times `alpha` when that
/// is given: `tint:#ff000033` and `tint:color=#ff0000,alpha=0.2` are the same), or a random colour
/// seeded by z/x/y and `seed`, at `alpha` (default 0.2).
public struct TintRenderer: Renderer, Equatable {
    /// The opacity of the random colour when no `alpha` is given.
    public static let defaultRandomAlpha = 0.2

    public var color: Color?
    /// Opacity: of the random colour, or a factor on the fixed colour's own alpha; nil for the default.
    public var alpha: Double?
    public var seed: Int

    public init(color: Color? = nil, alpha: Double? = nil, seed: Int = 0) {
        self.color = color
        self.alpha = alpha
        self.seed = seed
    }

    /// The colour painted over the tile at `tile`.
    public func paint(for tile: TileID?) -> Color {
        if let color { return color.withAlpha(color.alpha * (alpha ?? 1)) }
        return SeededColor.color(SeededColor.coordinates(tile) + [seed], palette: [], alpha: alpha ?? Self.defaultRandomAlpha)
    }

    public func render(_ image: inout Surface, context: RenderContext) throws {
        let drawing = Context(image)
        drawing.setColor(paint(for: context.tile))
        drawing.paint()
        try drawing.checkStatus("tinting")
    }
}
