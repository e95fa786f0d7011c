import Canvas
import Codecs
import Foundation
import Testing
import TestTier
import Tiles

/// @2x (512 px) tiles end to end: `cairn filter` on a hi-dpi tile, and `cairn render --scale 2`
/// asking a `{r}` template for the @2x files.
@Suite(.process) struct RetinaTests {
    private let red = RGBA8(r: 255, g: 0, b: 0, a: 255)

    /// Rows (or columns) from the edge inward that are the border colour, at the middle of each side.
    private func borderWidths(_ image: Surface) -> [Int] {
        let w = image.width, h = image.height, mid = w / 2
        func run(_ pixel: (Int) -> RGBA8) -> Int { (0..<mid).first { pixel($0) != red } ?? mid }
        return [run { image.pixel(x: mid, y: $0) }, run { image.pixel(x: w - 1 - $0, y: mid) },
                run { image.pixel(x: mid, y: h - 1 - $0) }, run { image.pixel(x: $0, y: mid) }]
    }

    @Test func filterKeepsA512PixelTileAndScalesTheGridAndMosaic() throws {
        let tile = try TileID(z: 2, x: 2, y: 1)
        let directory = try Cairn.temporaryDirectory()
        let input = directory + "/hidpi.png"
        try write(try PNGEncoder().encode(try retinaTile(tile)), to: input)
        let run = try Cairn.run(["filter", input, "--tile", "2/2/1", "--chain", "mosaic:alpha=1|grid:color=#ff0000", "-o", directory + "/out.png"])
        #expect(run.status == 0, "\(run.stderr)")
        let image = try ImageDecoder.decode(contents(directory + "/out.png"))
        #expect(image.width == 512 && image.height == 512)
        #expect(borderWidths(image) == [2, 2, 2, 2], "the 1 px border at @1x is 2 px at @2x")

        // The same tile at @1x: a 1 px border, and the same 8×8 mosaic, each cell twice as large at @2x.
        let small = try Cairn.run(["filter", "--tile", "2/2/1", "--chain", "mosaic:alpha=1|grid:color=#ff0000"], stdin: worldTile("2/2/1"))
        #expect(small.status == 0, "\(small.stderr)")
        let image1x = try ImageDecoder.decode(small.stdout)
        #expect(borderWidths(image1x) == [1, 1, 1, 1])
        for cellY in 1..<7 { for cellX in 1..<7 {
            #expect(image.pixel(x: cellX * 64 + 40, y: cellY * 64 + 40) == image1x.pixel(x: cellX * 32 + 20, y: cellY * 32 + 20),
                    "mosaic cell (\(cellX), \(cellY))")
        } }
    }

    @Test func renderWithScale2AsksForTheAt2xFilesAndWrites512PixelTiles() throws {
        let source = try Cairn.temporaryDirectory()
        var hidpi: [String: Surface] = [:]
        for tile in try TileID(z: 0, x: 0, y: 0).children {
            // Both files exist: the @1x tile and its own, different, @2x tile.
            try write(worldTile(tile.description), to: "\(source)/\(tile).png")
            hidpi[tile.description] = try retinaTile(tile)
            try write(try PNGEncoder().encode(hidpi[tile.description]!), to: "\(source)/\(tile)@2x.png")
        }
        let out = try Cairn.temporaryDirectory() + "/tiles"
        let run = try Cairn.run(["render", "--source", "file://\(source)/{z}/{x}/{y}{r}.png", "--scale", "2", "--bbox=-180,-85,180,85",
                                 "--zoom", "1", "--chain", "grid:color=#ff0000,format=", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("rendered 4 tiles"), "\(run.stderr)")
        let written = files(under: out)
        #expect(written.count == 4, "\(written)")
        for name in written {
            let image = try ImageDecoder.decode(contents(out + "/" + name))
            #expect(image.width == 512 && image.height == 512, "\(name)")
            #expect(borderWidths(image) == [2, 2, 2, 2], "\(name)")
            // Inside the border the tile is the @2x file's, pixel for pixel (not the @1x one scaled up).
            let tile = try TileID(path: name)
            let expected = try #require(hidpi[tile.description])
            let got = pixels(image), want = pixels(expected)
            let differing = (2..<510).filter { y in got[(y * 512 + 2)..<(y * 512 + 510)] != want[(y * 512 + 2)..<(y * 512 + 510)] }
            #expect(differing.isEmpty, "\(name): rows \(differing.prefix(5)) differ from \(tile)@2x.png")
        }
    }
}
