import Canvas
import Testing
import Tiles

@Suite struct ColorFilterTests {
    private func filtered(_ color: RGBA8, _ spec: String) throws -> RGBA8 {
        var image = try Surface(width: 1, height: 1)
        image.withMutablePixels { p, _ in p[0] = color.premultiplied }
        try RendererChain(spec: spec).render(&image, context: RenderContext(tile: nil))
        return image.pixel(x: 0, y: 0)
    }

    /// Values worked out by hand from the matrices in the W3C Filter Effects spec.
    @Test(arguments: [
        ("grayscale", RGBA8(r: 255, g: 0, b: 0, a: 255), RGBA8(r: 54, g: 54, b: 54, a: 255)),
        ("grayscale:0.5", RGBA8(r: 255, g: 0, b: 0, a: 255), RGBA8(r: 155, g: 27, b: 27, a: 255)),
        ("sepia", RGBA8(r: 100, g: 150, b: 200, a: 255), RGBA8(r: 192, g: 171, b: 134, a: 255)),
        ("saturate:0", RGBA8(r: 0, g: 0, b: 255, a: 255), RGBA8(r: 18, g: 18, b: 18, a: 255)),
        ("hue-rotate:90", RGBA8(r: 255, g: 0, b: 0, a: 255), RGBA8(r: 0, g: 91, b: 0, a: 255)),
        ("invert", RGBA8(r: 10, g: 100, b: 250, a: 255), RGBA8(r: 245, g: 155, b: 5, a: 255)),
        ("invert:0.5", RGBA8(r: 10, g: 100, b: 250, a: 255), RGBA8(r: 128, g: 128, b: 128, a: 255)),
        ("brightness:0.5", RGBA8(r: 200, g: 100, b: 50, a: 255), RGBA8(r: 100, g: 50, b: 25, a: 255)),
        ("brightness:2", RGBA8(r: 200, g: 100, b: 50, a: 255), RGBA8(r: 255, g: 200, b: 100, a: 255)),
        ("contrast:2", RGBA8(r: 200, g: 100, b: 50, a: 255), RGBA8(r: 255, g: 72, b: 0, a: 255)),
        ("opacity:0.5", RGBA8(r: 200, g: 100, b: 50, a: 255), RGBA8(r: 200, g: 100, b: 50, a: 128)),
        ("invert", RGBA8(r: 200, g: 100, b: 50, a: 128), RGBA8(r: 55, g: 155, b: 205, a: 128)),
    ])
    func matchesTheSpecOnSampleColours(spec: String, input: RGBA8, expected: RGBA8) throws {
        let actual = try filtered(input, spec)
        #expect(actual.distance(to: expected) <= 1, "\(spec) of \(input) gave \(actual), expected \(expected)")
    }

    @Test func grayscaleMakesEveryPixelGrey() throws {
        var image = try colourfulTile()
        try RendererChain(spec: "grayscale").render(&image, context: RenderContext(tile: nil))
        var coloured: [String] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if p.r != p.g || p.g != p.b { coloured.append("(\(x), \(y)) is \(p)") }
            }
        }
        #expect(coloured.isEmpty, "\(coloured.count) of \(image.width * image.height) pixels are not grey, e.g. \(coloured.prefix(5))")
    }

    @Test func invertTwiceIsTheIdentity() throws {
        let original = try colourfulTile()
        var image = try original.copy()
        let chain = try RendererChain(spec: "invert")
        try chain.render(&image, context: RenderContext(tile: nil))
        #expect(pixels(image) != pixels(original))
        try chain.render(&image, context: RenderContext(tile: nil))
        #expect(pixels(image) == pixels(original))
    }

    @Test func colourFiltersFuseOnlyWhenNothingNeedsClamping() throws {
        #expect(try RendererChain(spec: "grayscale|invert|brightness:0.8|grid|sepia|identity").renderers.count == 3)
        #expect(try RendererChain(spec: "saturate:1.5|hue-rotate:30").renderers.count == 2)
        // The fused pass gives what the filters give one by one, within rounding.
        var fused = try colourfulTile(), separate = try colourfulTile()
        try RendererChain(spec: "grayscale:0.6|invert:0.3|brightness:0.8").render(&fused, context: RenderContext(tile: nil))
        for spec in ["grayscale:0.6", "invert:0.3", "brightness:0.8"] {
            try RendererChain(spec: spec).render(&separate, context: RenderContext(tile: nil))
        }
        var worst = 0
        for y in stride(from: 0, to: 256, by: 3) { for x in stride(from: 0, to: 256, by: 3) {
            worst = max(worst, fused.pixel(x: x, y: y).distance(to: separate.pixel(x: x, y: y)))
        } }
        #expect(worst <= 2)
    }

    @Test func darkIsInvertThenHueRotate() throws {
        let input = RGBA8(r: 240, g: 240, b: 230, a: 255)   // a light basemap colour
        let dark = try filtered(input, "dark")
        #expect(dark == (try filtered(input, "invert|hue-rotate:180")))
        #expect(Int(dark.r) + Int(dark.g) + Int(dark.b) < 90)
    }
}
