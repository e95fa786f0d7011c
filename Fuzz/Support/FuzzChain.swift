import Canvas
import Tiles

/// The chain targets' shared step: a chain that parsed is run over a tile, so that what a SPEC or
/// a YAML file can ask for (sizes, counts, colours, texts) is drawn, not only read.
enum FuzzChain {
    static func render(_ chain: RendererChain) throws {
        var image = try Surface(width: 256, height: 256)
        try chain.render(&image, context: RenderContext(tile: try TileID(z: 5, x: 17, y: 11)))
        fuzzCheck(image.width > 0 && image.height > 0, "a chain made an empty image")
    }
}
