import Canvas

/// `tint`: one colour over the whole tile — a fixed `color`, or a random one at `alpha` seeded by z/x/y.
public struct TintRenderer: Renderer, Equatable {
    public var color: Color?
    public var alpha: Double
    public var seed: Int

    public init(color: Color? = nil, alpha: Double = 0.2, seed: Int = 0) {
        self.color = color
        self.alpha = alpha
        self.seed = seed
    }

    public func render(_ image: inout Surface, context: RenderContext) throws {
        let drawing = Context(image)
        drawing.setColor(color ?? SeededColor.color(SeededColor.coordinates(context.tile) + [seed], palette: [], alpha: alpha))
        drawing.paint()
        try drawing.checkStatus("tinting")
    }
}
