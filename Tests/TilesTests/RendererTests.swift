import Canvas
import Codecs
import Testing
import Tiles

@Suite struct RendererTests {
    private let tile = try! TileID(z: 2, x: 2, y: 1)

    private func render(_ spec: String, tile: TileID?, size: Int = 256) throws -> Surface {
        var image = try ImageDecoder.decode(tileBytes())
        if size != 256 {
            let large = try Surface(width: size, height: size)
            Context(large).draw(image, in: Rect(x: 0, y: 0, width: Double(size), height: Double(size)))
            image = large
        }
        try RendererChain(spec: spec).render(&image, context: RenderContext(tile: tile, scale: RenderContext.scale(forTileSide: size)))
        return image
    }

    @Test func mosaicIsDeterministicAndDiffersBetweenNeighbours() throws {
        let a = try render("mosaic", tile: tile), b = try render("mosaic", tile: tile)
        #expect(pixels(a) == pixels(b))
        let neighbour = try render("mosaic", tile: try TileID(z: 2, x: 3, y: 1))
        let seeded = try render("mosaic:seed=7", tile: tile)
        #expect(pixels(a) != pixels(neighbour))
        #expect(pixels(a) != pixels(seeded))
    }

    @Test func mosaicCellsAreUniformSquares() throws {
        let plain = try render("identity", tile: tile)
        let mosaic = try render("mosaic:cells=4,alpha=1", tile: tile)
        // alpha 1 hides the map: each 64 px cell is one colour, and the cells differ.
        #expect(mosaic.pixel(x: 1, y: 1) == mosaic.pixel(x: 62, y: 62))
        #expect(mosaic.pixel(x: 1, y: 1) != mosaic.pixel(x: 65, y: 1))
        #expect(plain.pixel(x: 1, y: 1) != mosaic.pixel(x: 1, y: 1))
    }

    @Test func mosaicPaletteIsHonoured() throws {
        let image = try render("mosaic:cells=8,alpha=1,palette=#ff0000;#0000ff", tile: tile)
        for y in stride(from: 4, to: 256, by: 32) { for x in stride(from: 4, to: 256, by: 32) {
            let p = image.pixel(x: x, y: y)
            #expect(p == RGBA8(r: 255, g: 0, b: 0, a: 255) || p == RGBA8(r: 0, g: 0, b: 255, a: 255))
        } }
    }

    @Test func gridDrawsItsBorderAndLeavesTheMiddleAlone() throws {
        let plain = try render("identity", tile: tile)
        let grid = try render("grid:color=#ff0000,width=2", tile: tile)
        #expect(grid.pixel(x: 128, y: 0) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(grid.pixel(x: 255, y: 128) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(grid.pixel(x: 128, y: 255) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        for y in 40..<216 { for x in 40..<216 {
            #expect(grid.pixel(x: x, y: y) == plain.pixel(x: x, y: y))
        } }
        // The label sits in the top-left corner: dark text pixels there.
        var dark = 0
        for y in 2..<24 { for x in 2..<60 where grid.pixel(x: x, y: y).r < 80 { dark += 1 } }
        #expect(dark > 20)
    }

    @Test func gridLabels() throws {
        let tile = try TileID(z: 3, x: 4, y: 2)
        #expect(GridRenderer().label(for: tile) == "3/4/2")
        #expect(GridRenderer(format: "classic").label(for: tile) == "X=4\nY=2\nZ=3")
        #expect(GridRenderer(format: "{q} {-y}").label(for: tile) == "\(tile.quadkey) 5")
        #expect(GridRenderer().label(for: nil) == "?/?/?")
        #expect(GridRenderer(format: "{z}{x}{y}{-y}").label(for: tile) == "3425")
        #expect(GridRenderer(format: "tile {unknown} {z\\n{y}}").label(for: tile) == "tile {unknown} {z\n2}")
        #expect(GridRenderer(format: "").label(for: tile) == "")
    }

    /// `{lon}`/`{lat}` are the tile's north-west corner in degrees, 5 decimals; values worked out
    /// from the Web Mercator formulas by hand (lon = x / 2^z × 360 − 180, lat = atan(sinh(π(1 − 2y / 2^z)))).
    @Test(arguments: [("0/0/0", "-180.00000 85.05113"), ("3/4/2", "0.00000 66.51326"), ("3/1/6", "-135.00000 -66.51326"),
                      ("5/17/11", "11.25000 48.92250"), ("4/15/15", "157.50000 -82.67628")])
    func gridLabelsGiveTheTilesCornerInDegrees(tile: String, label: String) throws {
        let id = try TileID(path: tile)
        #expect(GridRenderer(format: "{lon} {lat}").label(for: id) == label)
        #expect(GridRenderer(format: "{z}/{x}/{y} @ {lon},{lat}").label(for: id) == "\(tile) @ " + label.replacingOccurrences(of: " ", with: ","))
        #expect(GridRenderer(format: "{lon}").label(for: nil) == "?")
    }

    @Test func gridDrawsTheLonLatLabelItComputes() throws {
        func drawn(_ spec: String, _ tile: String) throws -> [UInt32] {
            var image = try solidSurface()
            try RendererChain(spec: spec).render(&image, context: RenderContext(tile: try TileID(path: tile)))
            return pixels(image)
        }
        let spec = "grid:format={lon}\\n{lat},width=0"
        let drawn342 = try drawn(spec, "3/4/2")
        // The same pixels as the literal text the label should be…
        #expect(drawn342 == (try drawn("grid:format=0.00000\\n66.51326,width=0", "3/4/2")))
        #expect(drawn342 != (try drawn("grid:format=0.00000\\n66.51327,width=0", "3/4/2")))
        // …and the label follows the tile: another column, another row.
        #expect(drawn342 != (try drawn(spec, "3/5/2")))
        #expect(drawn342 != (try drawn(spec, "3/4/3")))
        #expect(try drawn("grid:format={lon},width=0", "3/4/2") == (try drawn("grid:format={lon},width=0", "3/4/6")), "one column, one longitude")
    }

    @Test func retinaTilesStayRetinaAndScaleTheGrid() throws {
        let image = try render("mosaic|grid:color=#ff0000,width=2", tile: tile, size: 512)
        #expect(image.width == 512 && image.height == 512)
        #expect(image.pixel(x: 256, y: 3) == RGBA8(r: 255, g: 0, b: 0, a: 255))   // 2 px at @1x = 4 px at @2x
        #expect(image.pixel(x: 256, y: 5) != RGBA8(r: 255, g: 0, b: 0, a: 255))
    }

    @Test func pixelateMakesUniformBlocks() throws {
        let image = try render("pixelate:16", tile: tile)
        #expect(image.pixel(x: 16, y: 16) == image.pixel(x: 31, y: 31))
        let uniform = (0..<16).allSatisfy { i in image.pixel(x: 32 + i, y: 48 + (15 - i)) == image.pixel(x: 32, y: 48) }
        #expect(uniform)
    }

    @Test func blurSmoothsEdges() throws {
        var image = try Surface(width: 64, height: 64)
        let context = Context(image)
        context.setColor(.black)
        context.rectangle(Rect(x: 0, y: 0, width: 32, height: 64))
        context.fill()
        try RendererChain(spec: "blur:3").render(&image, context: RenderContext(tile: nil))
        #expect(image.pixel(x: 31, y: 32).a < 200 && image.pixel(x: 33, y: 32).a > 40)
        #expect(image.pixel(x: 2, y: 32).a > 250 && image.pixel(x: 62, y: 32).a < 5)
    }
}
