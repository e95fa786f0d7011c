import Canvas
import Codecs
import Testing
import Tiles

/// `tint`: one colour over the whole tile, fixed or seeded by z/x/y.
@Suite struct TintTests {
    private func tinted(_ spec: String, _ image: Surface, z: Int = 2, x: Int = 2, y: Int = 1) throws -> Surface {
        var image = try image.copy()
        try RendererChain(spec: spec).render(&image, context: RenderContext(tile: try TileID(z: z, x: x, y: y)))
        return image
    }

    /// Source-over of `color` at `alpha` on an opaque pixel, channel by channel.
    private func over(_ pixel: RGBA8, _ color: (r: Double, g: Double, b: Double), alpha: Double) -> RGBA8 {
        func mix(_ under: UInt8, _ top: Double) -> UInt8 { UInt8((Double(under) * (1 - alpha) + top * alpha).rounded()) }
        return RGBA8(r: mix(pixel.r, color.r), g: mix(pixel.g, color.g), b: mix(pixel.b, color.b), a: 255)
    }

    @Test(arguments: [("tint:#ff000033", (255.0, 0.0, 0.0), 0.2), ("tint:color=#0080ff80", (0.0, 128.0, 255.0), 128.0 / 255)])
    func aFixedColourIsPaintedOverTheTileAtItsAlpha(spec: String, color: (Double, Double, Double), alpha: Double) throws {
        let tile = try ImageDecoder.decode(tileBytes())
        try #require(tile.isOpaque)
        let image = try tinted(spec, tile)
        var worst = 0, at = (0, 0)
        for y in 0..<256 { for x in 0..<256 {
            let distance = image.pixel(x: x, y: y).distance(to: over(tile.pixel(x: x, y: y), color, alpha: alpha))
            if distance > worst { (worst, at) = (distance, (x, y)) }
        } }
        #expect(worst <= 2, "\(spec): pixel \(at) is \(image.pixel(x: at.0, y: at.1)), the formula gives \(over(tile.pixel(x: at.0, y: at.1), color, alpha: alpha))")
        // A known pixel, worked out by hand: the tile's (128, 128) under 20 % red.
        if spec == "tint:#ff000033" {
            let p = tile.pixel(x: 128, y: 128), q = image.pixel(x: 128, y: 128)
            #expect(abs(Int(q.r) - (Int(p.r) * 4 + 255 + 2) / 5) <= 2 && abs(Int(q.g) - Int(p.g) * 4 / 5) <= 2 && abs(Int(q.b) - Int(p.b) * 4 / 5) <= 2,
                    "\(p) tinted is \(q)")
        }
    }

    /// `tint:color=#ff0000,alpha=0.5` is accepted, but the alpha only reaches the random colour: the
    /// tile comes out solid red. Reported; the known issue goes once an explicit alpha applies (or is refused).
    @Test func anAlphaGivenWithAFixedColourIsApplied() throws {
        let tile = try ImageDecoder.decode(tileBytes())
        let image = try tinted("tint:color=#ff0000,alpha=0.5", tile)
        let p = tile.pixel(x: 128, y: 128)
        #expect(image.pixel(x: 128, y: 128).distance(to: over(p, (255, 0, 0), alpha: 0.5)) <= 2)
        // The factor multiplies the colour's own alpha: 0.5 of #ff000080 is 25 % red.
        let quarter = try tinted("tint:color=#ff000080,alpha=0.5", tile)
        #expect(quarter.pixel(x: 128, y: 128).distance(to: over(p, (255, 0, 0), alpha: 0.25)) <= 2)
    }

    @Test func theRandomTintIsOneColourAtAlphaDeterministicPerTile() throws {
        let white = try solidSurface()
        let a = try tinted("tint", white), b = try tinted("tint", white)
        #expect(pixels(a) == pixels(b))
        // One colour over the whole tile, at the default alpha 0.2: white shows through 80 %.
        #expect(Set(pixels(a)).count == 1)
        let p = a.pixel(x: 7, y: 200)
        #expect(p != RGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(min(p.r, p.g, p.b) >= 202, "at alpha 0.2 no channel drops below 255 × 0.8: \(p)")
        // …and it is the tile's own colour (shown whole at alpha 1) at 20 %.
        let own = try tinted("tint:alpha=1", white).pixel(x: 7, y: 200)
        let expected = over(RGBA8(r: 255, g: 255, b: 255, a: 255), (Double(own.r), Double(own.g), Double(own.b)), alpha: 0.2)
        #expect(p.distance(to: expected) <= 2, "\(p) is not \(own) at 20 % over white (\(expected))")
    }

    @Test func neighboursAndSeedsGetOtherColours() throws {
        let white = try solidSurface()
        let centre = try tinted("tint:alpha=1", white, z: 4, x: 7, y: 7).pixel(x: 0, y: 0)
        var colours = [centre]
        for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
            let neighbour = try tinted("tint:alpha=1", white, z: 4, x: 7 + dx, y: 7 + dy).pixel(x: 0, y: 0)
            #expect(neighbour != centre, "4/\(7 + dx)/\(7 + dy) has 4/7/7's colour")
            colours.append(neighbour)
        }
        #expect(Set(colours.map(\.description)).count >= 8, "\(colours)")
        #expect(try tinted("tint:alpha=1,seed=3", white, z: 4, x: 7, y: 7).pixel(x: 0, y: 0) != centre)
        #expect(try tinted("tint:alpha=1", white, z: 5, x: 7, y: 7).pixel(x: 0, y: 0) != centre)
    }
}
