import Canvas
import Foundation
import Testing
import Tiles

/// `logo` at each of the nine anchors, scaled and with margins, checked by where its pixels land.
@Suite struct LogoAnchorTests {
    /// A 32×16 solid red logo.
    private let logo = try! solidPNG(Color(r: 255, g: 0, b: 0), width: 32, height: 16)
    private let red = RGBA8(r: 255, g: 0, b: 0, a: 255)

    /// The logo drawn with `parameters` on a white tile of `side` px; the box its red pixels cover, and how many there are.
    private func placed(_ parameters: String, side: Int = 256) throws -> (box: InkBox?, count: Int) {
        var image = try solidSurface(width: side, height: side)
        try RendererChain(spec: "logo:path=\(logo)" + parameters).render(
            &image, context: RenderContext(tile: try TileID(z: 3, x: 4, y: 2), scale: RenderContext.scale(forTileSide: side)))
        let isRed: (RGBA8) -> Bool = { $0 != RGBA8(r: 255, g: 255, b: 255, a: 255) }
        let count = pixels(image).filter { RGBA8(premultiplied: $0) == red }.count
        return (InkBox(image, isInk: isRed), count)
    }

    /// Where a 32×16 logo's top-left corner goes on a 256 px tile with the default 8 px margin,
    /// worked out by hand: the margin from the near edges, centred ((256 - 32) / 2 = 112, (256 - 16) / 2 = 120).
    @Test(arguments: [("top-left", 8, 8), ("top", 112, 8), ("top-right", 216, 8),
                      ("left", 8, 120), ("center", 112, 120), ("right", 216, 120),
                      ("bottom-left", 8, 232), ("bottom", 112, 232), ("bottom-right", 216, 232)])
    func eachAnchorPutsTheLogoInItsPlace(anchor: String, x: Int, y: Int) throws {
        let (box, count) = try placed(",position=\(anchor)")
        #expect(box == InkBox(minX: x, minY: y, maxX: x + 31, maxY: y + 15), "\(anchor): \(box.map(\.description) ?? "no logo")")
        #expect(count == 32 * 16, "\(anchor): the whole logo, solid and unblurred")
    }

    @Test func theTableAboveCoversEveryAnchor() throws {
        #expect(Set(Anchor.allCases.map(\.rawValue)) ==
                ["top-left", "top", "top-right", "left", "center", "right", "bottom-left", "bottom", "bottom-right"])
        #expect(try placed("").box == InkBox(minX: 216, minY: 232, maxX: 247, maxY: 247), "bottom-right is the default")
    }

    @Test func scaleChangesTheSize() throws {
        let double = try placed(",position=top-left,scale=2")
        #expect(double.box == InkBox(minX: 8, minY: 8, maxX: 8 + 63, maxY: 8 + 31), "\(double.box.map(\.description) ?? "none")")
        #expect(double.count == 64 * 32)
        let half = try placed(",position=bottom-right,scale=0.5")
        #expect(half.box == InkBox(minX: 256 - 8 - 16, minY: 256 - 8 - 8, maxX: 256 - 8 - 1, maxY: 256 - 8 - 1), "\(half.box.map(\.description) ?? "none")")
        #expect(half.count == 16 * 8)
    }

    @Test func marginOffsetsItFromTheEdges() throws {
        #expect(try placed(",position=top-left,margin=0").box == InkBox(minX: 0, minY: 0, maxX: 31, maxY: 15))
        #expect(try placed(",position=top-left,margin=30").box == InkBox(minX: 30, minY: 30, maxX: 61, maxY: 45))
        #expect(try placed(",position=bottom-right,margin=30").box == InkBox(minX: 194, minY: 210, maxX: 225, maxY: 225))
        #expect(try placed(",position=top,margin=30").box == InkBox(minX: 112, minY: 30, maxX: 143, maxY: 45), "centred across, margin down")
    }

    @Test func onA512PixelTileSizeAndMarginDouble() throws {
        let (box, count) = try placed("", side: 512)
        #expect(box == InkBox(minX: 512 - 16 - 64, minY: 512 - 16 - 32, maxX: 512 - 16 - 1, maxY: 512 - 16 - 1), "\(box.map(\.description) ?? "none")")
        #expect(count == 64 * 32)
    }
}
