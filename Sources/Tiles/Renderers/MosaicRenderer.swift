import Canvas

/// `mosaic`: the translucent "vitreous mosaic" watermark. The tile is cut into `cells` × `cells`
/// squares, each filled with a colour at `alpha`, seeded by (z, x, y, cell, `seed`), so a tile always
/// gets the same mosaic and its neighbours a different one.
public struct MosaicRenderer: Renderer, Equatable {
    public var cells: Int
    public var alpha: Double
    public var seed: Int
    /// Colours to draw from; empty for random hues.
    public var palette: [Color]

    public init(cells: Int = 8, alpha: Double = 0.2, seed: Int = 0, palette: [Color] = []) {
        self.cells = cells
        self.alpha = alpha
        self.seed = seed
        self.palette = palette
    }

    public func render(_ image: inout Surface, context: RenderContext) throws {
        let drawing = Context(image)
        let coordinates = SeededColor.coordinates(context.tile)
        let width = Double(image.width), height = Double(image.height)
        // Cell edges on whole pixels so neighbouring cells never overlap or leave seams.
        func edge(_ i: Int, _ size: Double) -> Double { (size * Double(i) / Double(cells)).rounded() }
        for row in 0..<cells {
            for column in 0..<cells {
                let color = SeededColor.color(coordinates + [row * cells + column, seed], palette: palette, alpha: alpha)
                drawing.setColor(color)
                drawing.rectangle(Rect(x: edge(column, width), y: edge(row, height),
                                       width: edge(column + 1, width) - edge(column, width),
                                       height: edge(row + 1, height) - edge(row, height)))
                drawing.fill()
            }
        }
        try drawing.checkStatus("drawing the mosaic")
    }
}
