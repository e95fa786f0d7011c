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
        var key = SeededColor.coordinates(context.tile) + [0, seed]
        let width = image.width, height = image.height
        // Cell edges on whole pixels, round(side · i / cells), so neighbouring cells never overlap or leave seams.
        func edge(_ i: Int, _ side: Int) -> Int { Int((Double(side) * Double(i) / Double(cells)).rounded()) }
        for row in 0..<cells {
            for column in 0..<cells {
                key[3] = row * cells + column
                let color = SeededColor.color(key, palette: palette, alpha: alpha)
                image.blendOver(premultiplied: color.pixel.premultiplied,
                                columns: edge(column, width)..<edge(column + 1, width), rows: edge(row, height)..<edge(row + 1, height))
            }
        }
    }
}
