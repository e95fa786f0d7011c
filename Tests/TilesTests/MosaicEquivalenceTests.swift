import Canvas
import Codecs
import Testing
import Tiles

/// The mosaic blends its cells straight into the pixels (`Surface.blendOver`); it must cover the
/// same squares, with the same colours, as Cairo filling each square between the whole-pixel edges
/// round(side · i / cells), which is how the mosaic is defined, within 1 per channel.
@Suite struct MosaicEquivalenceTests {
    /// The definition: each cell filled as its own square.
    private func filledSquares(_ renderer: MosaicRenderer, over tile: Surface, at id: TileID) throws -> Surface {
        let image = try tile.copy()
        let drawing = Context(image)
        let width = Double(image.width), height = Double(image.height), cells = renderer.cells
        func edge(_ i: Int, _ size: Double) -> Double { (size * Double(i) / Double(cells)).rounded() }
        // The cells' colours: the mosaic drawn over a transparent image of one pixel per cell.
        var probe = try Surface(width: cells, height: cells)
        try renderer.render(&probe, context: RenderContext(tile: id))
        for row in 0..<cells {
            for column in 0..<cells {
                let pixel = probe.pixel(x: column, y: row)
                drawing.setColor(Color(r: pixel.r, g: pixel.g, b: pixel.b, a: pixel.a))
                drawing.rectangle(Rect(x: edge(column, width), y: edge(row, height),
                                       width: edge(column + 1, width) - edge(column, width),
                                       height: edge(row + 1, height) - edge(row, height)))
                drawing.fill()
            }
        }
        return image
    }

    @Test(arguments: [1, 2, 3, 5, 7, 8, 13, 16, 33, 64, 100, 256], [256, 512])
    func theCompositeCoversTheSameSquaresAsFillingEachOne(cells: Int, side: Int) throws {
        let id = try TileID(z: 5, x: 17, y: 11)
        let tile = try ImageDecoder.decode(tileBytes())
        var base = tile
        if side != tile.width {
            base = try Surface(width: side, height: side)
            Context(base).draw(tile, in: Rect(x: 0, y: 0, width: Double(side), height: Double(side)))
        }
        let renderer = MosaicRenderer(cells: cells, alpha: 0.35, seed: 3)
        var drawn = try base.copy()
        try renderer.render(&drawn, context: RenderContext(tile: id, scale: side == 512 ? 2 : 1))
        let expected = try filledSquares(renderer, over: base, at: id)
        var worst = 0, where_ = (0, 0)
        for y in 0..<side {
            for x in 0..<side {
                let d = drawn.pixel(x: x, y: y).distance(to: expected.pixel(x: x, y: y))
                if d > worst { worst = d; where_ = (x, y) }
            }
        }
        #expect(worst <= 1, "cells \(cells), \(side) px: off by \(worst) at \(where_)")
    }
}
