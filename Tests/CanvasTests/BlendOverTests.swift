import Testing
@testable import Canvas

/// `Surface.blendOver`: a premultiplied colour composited over a rectangle of pixels, as Cairo's
/// OVER would, and nowhere else.
@Suite struct BlendOverTests {
    @Test func matchesCairoFillingTheSameRectangle() throws {
        for (columns, rows) in [(3..<61, 5..<9), (0..<64, 0..<64), (7..<8, 7..<8), (60..<64, 0..<1)] {
            let viaCairo = try gradient(), viaBlend = try gradient()
            let color = Color(r: 200, g: 40, b: 90, a: 77)
            let drawing = Context(viaCairo)
            drawing.setColor(color)
            drawing.rectangle(Rect(x: Double(columns.lowerBound), y: Double(rows.lowerBound),
                                   width: Double(columns.count), height: Double(rows.count)))
            drawing.fill()
            viaBlend.blendOver(premultiplied: color.pixel.premultiplied, columns: columns, rows: rows)
            for y in 0..<64 {
                for x in 0..<64 {
                    let d = viaBlend.pixel(x: x, y: y).distance(to: viaCairo.pixel(x: x, y: y))
                    #expect(d <= 1, "(\(x), \(y)) in \(columns) × \(rows): \(viaBlend.pixel(x: x, y: y)) vs \(viaCairo.pixel(x: x, y: y))")
                    if d > 1 { return }
                }
            }
        }
    }

    @Test func rectanglesBeyondTheSurfaceAreClipped() throws {
        let surface = try gradient(), untouched = try gradient()
        surface.blendOver(premultiplied: Color(r: 0, g: 0, b: 255).pixel.premultiplied, columns: 60..<100, rows: -5..<2)
        #expect(surface.pixel(x: 63, y: 0) == RGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(surface.pixel(x: 59, y: 0) == untouched.pixel(x: 59, y: 0))
        #expect(surface.pixel(x: 63, y: 2) == untouched.pixel(x: 63, y: 2))
    }

    /// 64 × 64 pixels, translucent, every pixel different.
    private func gradient() throws -> Surface {
        let surface = try Surface(width: 64, height: 64)
        surface.withMutablePixels { pixels, stride in
            for y in 0..<64 {
                for x in 0..<64 {
                    pixels[y * stride + x] = RGBA8(r: UInt8(x * 4), g: UInt8(y * 4), b: UInt8((x + y) * 2), a: UInt8(128 + x)).premultiplied
                }
            }
        }
        return surface
    }
}
