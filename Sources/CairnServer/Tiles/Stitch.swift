import Canvas

/// Builds 512 px tiles for @2x requests from 256 px ones.
enum Stitch {
    /// Four children side by side (top-left, top-right, bottom-left, bottom-right), each drawn into
    /// its 256 px quarter whatever its own size; a missing child leaves its quarter transparent.
    static func quad(_ children: [Surface?]) throws -> Surface {
        let result = try Surface(width: 512, height: 512)
        let context = Context(result)
        for (index, child) in children.enumerated() {
            guard let child else { continue }
            context.draw(child, in: Rect(x: Double(index % 2) * 256, y: Double(index / 2) * 256, width: 256, height: 256))
        }
        try context.checkStatus("stitching @2x")
        return result
    }

    /// A tile scaled to twice its size (bilinear).
    static func scaledUp(_ tile: Surface) throws -> Surface {
        let result = try Surface(width: tile.width * 2, height: tile.height * 2)
        let context = Context(result)
        context.draw(tile, in: Rect(x: 0, y: 0, width: Double(result.width), height: Double(result.height)))
        try context.checkStatus("scaling @2x")
        return result
    }
}
