import Canvas
import Codecs
import Foundation
import Testing
import Tiles

@Suite struct WatermarkTests {
    private func render(_ spec: String, x: Int, y: Int) throws -> Surface {
        var image = try solidSurface()
        try RendererChain(spec: spec).render(&image, context: RenderContext(tile: try TileID(z: 3, x: x, y: y)))
        return image
    }

    private func inkedRows(_ image: Surface, column: Int) -> Set<Int> {
        Set((0..<image.height).filter { image.pixel(x: column, y: $0).r < 200 })
    }

    @Test func everyTileCarriesTheText() throws {
        for (x, y) in [(4, 2), (5, 2)] {
            let image = try render("text:text=© ACME,opacity=1,angle=0,size=24", x: x, y: y)
            #expect(!inkedRows(image, column: 128).isEmpty, "no text at the centre of \(x)/\(y)")
        }
    }

    @Test func wideSpacingIsACheckerboard() throws {
        let on = try render("text:text=ACME,opacity=1,angle=0,spacing=wide", x: 4, y: 2)   // 4 + 2 even
        let off = try render("text:text=ACME,opacity=1,angle=0,spacing=wide", x: 5, y: 2)  // odd
        #expect(!inkedRows(on, column: 128).isEmpty)
        #expect(inkedRows(off, column: 128).isEmpty)
    }

    @Test func textCrossingATileEdgeContinuesOnTheNeighbour() throws {
        let spec = "text:text=CAIRN WATERMARK ACROSS TILES,size=40,opacity=1,angle=0"
        let left = try render(spec, x: 4, y: 2), right = try render(spec, x: 5, y: 2)
        let leftEdge = inkedRows(left, column: 255), rightEdge = inkedRows(right, column: 0)
        #expect(!leftEdge.isEmpty)
        // The same glyph strokes run across the seam: the inked rows on both sides agree.
        #expect(leftEdge.symmetricDifference(rightEdge).count <= leftEdge.count / 3, "\(leftEdge.sorted()) vs \(rightEdge.sorted())")
    }

    /// The box around every darkened pixel, nil when there is none.
    private func inkBox(_ image: Surface) -> InkBox? { InkBox(image) { $0.r < 200 } }

    @Test func anchoredTextSitsInItsCornerInsideTheMargin() throws {
        let image = try render("text:text=ACME,opacity=1,angle=0,size=24,position=bottom-right,margin=8", x: 4, y: 2)
        let box = try #require(inkBox(image))
        #expect(box.minX > 128 && box.minY > 200, "\(box)")
        #expect(box.maxX <= 256 - 8 && box.maxY <= 256 - 8, "inside the margin: \(box)")
        #expect(box.maxX >= 256 - 8 - 6, "against the right margin: \(box)")
        // The same text on the neighbour sits in the same place: a stamp, not a pattern.
        #expect(inkBox(try render("text:text=ACME,opacity=1,angle=0,size=24,position=bottom-right,margin=8", x: 5, y: 2))! == box)
    }

    @Test func rotatedAnchoredTextStaysInsideTheTile() throws {
        let image = try render("text:text=© ACME MAPS,opacity=1,angle=-30,size=20,position=top-left,margin=4", x: 4, y: 2)
        let box = try #require(inkBox(image))
        #expect(box.minX >= 4 && box.minY >= 4, "inside the margin: \(box)")
        #expect(box.minX < 20 && box.minY < 20, "against the top-left corner: \(box)")
        #expect(box.maxX < 256 - 4 && box.maxY < 128, "\(box)")
    }

    @Test func anchoredTextWithWideSpacingMarksEveryOtherTile() throws {
        let spec = "text:text=ACME,opacity=1,angle=0,position=center,spacing=wide"
        #expect(inkBox(try render(spec, x: 4, y: 2)) != nil)
        #expect(inkBox(try render(spec, x: 5, y: 2)) == nil)
    }

    @Test func aPositionThatIsNoneOfTheAnchorsListsThem() throws {
        #expect(throws: ChainError("text.position: 'middle' is not one of top-left, top, top-right, left, center, right, bottom-left, bottom, bottom-right or pattern")) {
            try RendererChain(spec: "text:text=A,position=middle")
        }
    }

    @Test func logoAtAnAnchorAndRepeated() throws {
        let directory = NSTemporaryDirectory() + "cairn-logo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let logo = try Surface(width: 32, height: 16)
        let context = Context(logo)
        context.setColor(try Color(parsing: "#ff0000"))
        context.paint()
        try Data(PNGEncoder().encode(logo)).write(to: URL(fileURLWithPath: directory + "/logo.png"))

        let anchored = try render("logo:path=\(directory)/logo.png,position=bottom-right,margin=8", x: 0, y: 0)
        #expect(anchored.pixel(x: 256 - 8 - 16, y: 256 - 8 - 8) == RGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(anchored.pixel(x: 128, y: 128) == RGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(anchored.pixel(x: 256 - 4, y: 256 - 4) == RGBA8(r: 255, g: 255, b: 255, a: 255))

        let repeated = try render("logo:\(directory)/logo.png,position=repeat,opacity=0.5,margin=8", x: 0, y: 0)
        var reds = 0
        for y in stride(from: 0, to: 256, by: 4) { for x in stride(from: 0, to: 256, by: 4) where repeated.pixel(x: x, y: y).g < 200 { reds += 1 } }
        #expect(reds > 1500)
        #expect(repeated.pixel(x: 4 + 16, y: 4 + 8).distance(to: RGBA8(r: 255, g: 128, b: 128, a: 255)) <= 2)

        #expect(throws: ChainError.self) { try RendererChain(spec: "logo:/nonexistent/logo.png") }
    }
}
