import Canvas
import Testing

@Suite struct SurfaceTests {
    @Test func newSurfaceIsTransparent() throws {
        let surface = try Surface(width: 7, height: 5)
        #expect(surface.pixel(x: 0, y: 0) == RGBA8(r: 0, g: 0, b: 0, a: 0))
        #expect(surface.pixel(x: 6, y: 4).a == 0)
        #expect(!surface.isOpaque)
    }

    @Test(arguments: [(0, 10), (10, 0), (-1, 5), (40000, 1)])
    func rejectsBadSizes(width: Int, height: Int) {
        #expect(throws: CanvasError.invalidSize(width: width, height: height)) {
            try Surface(width: width, height: height)
        }
    }

    @Test func circleFillsCentreAndLeavesCornersClear() throws {
        let surface = try Surface(width: 40, height: 40)
        let context = Context(surface)
        context.circle(center: Point(x: 20, y: 20), radius: 15)
        context.setColor(try Color(parsing: "#0099cc"))
        context.fill()
        try context.checkStatus()
        #expect(surface.pixel(x: 20, y: 20) == RGBA8(r: 0, g: 153, b: 204, a: 255))
        #expect(surface.pixel(x: 0, y: 0).a == 0)
        #expect(surface.pixel(x: 39, y: 39).a == 0)
        #expect(surface.pixel(x: 20, y: 3).a == 0)   // just outside the radius
        #expect(surface.pixel(x: 20, y: 6).a == 255) // just inside
    }

    @Test func translucentFillStoresStraightColour() throws {
        let surface = try Surface(width: 4, height: 4)
        let context = Context(surface)
        context.setColor(try Color(parsing: "rgba(181,226,140,.6)"))
        context.paint()
        #expect(surface.pixel(x: 1, y: 1).distance(to: RGBA8(r: 181, g: 226, b: 140, a: 153)) <= 1)
    }

    @Test func unpremultiplyThenPremultiplyRoundTripsEveryPixelWithinOne() {
        // The direction every encode/decode takes: surface (premultiplied) -> file (straight) -> surface.
        for alpha in 0...255 {
            for value in 0...alpha {
                let a = UInt8(alpha), v = UInt8(value)
                let back = Premultiply.premultiply(Premultiply.unpremultiply(v, alpha: a), alpha: a)
                #expect(abs(Int(back) - value) <= 1, "premultiplied \(value) alpha \(alpha) -> \(back)")
            }
        }
    }

    @Test func premultiplyThenUnpremultiplyIsExactWhenOpaqueAndWithinOneFromHalfAlpha() {
        for alpha in 128...255 {
            for value in 0...255 {
                let a = UInt8(alpha), v = UInt8(value)
                let back = Premultiply.unpremultiply(Premultiply.premultiply(v, alpha: a), alpha: a)
                #expect(abs(Int(back) - value) <= (alpha == 255 ? 0 : 1), "value \(value) alpha \(alpha) -> \(back)")
            }
        }
    }

    @Test func blurSpreadsAndConservesEnergy() throws {
        let surface = try Surface(width: 41, height: 41)
        let context = Context(surface)
        context.rectangle(Rect(x: 15, y: 15, width: 11, height: 11))
        context.setColor(.black)
        context.fill()
        let before = alphaSum(surface)
        surface.blur(sigma: 3)
        let after = alphaSum(surface)
        #expect(abs(after - before) < before / 50)
        #expect(surface.pixel(x: 20, y: 20).a > 200)          // the middle stays dark
        #expect(surface.pixel(x: 12, y: 20).a > 10)           // ink spread outwards
        #expect(surface.pixel(x: 0, y: 0).a == 0)             // far corner untouched
    }

    @Test func copyIsIndependent() throws {
        let surface = try Surface(width: 3, height: 3)
        let copy = try surface.copy()
        Context(surface).setColor(.black)
        let context = Context(surface)
        context.setColor(.black)
        context.paint()
        #expect(surface.pixel(x: 1, y: 1).a == 255)
        #expect(copy.pixel(x: 1, y: 1).a == 0)
    }

    private func alphaSum(_ surface: Surface) -> Int {
        var sum = 0
        for y in 0..<surface.height { for x in 0..<surface.width { sum += Int(surface.pixel(x: x, y: y).a) } }
        return sum
    }
}
