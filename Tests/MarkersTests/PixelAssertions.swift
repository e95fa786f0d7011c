import Canvas
import Testing

/// Expects the pixel at (x, y) to be within `tolerance` of `expected` on every channel.
func expectPixel(_ surface: Surface, _ x: Int, _ y: Int, _ expected: RGBA8, tolerance: Int = 2,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = surface.pixel(x: x, y: y)
    #expect(actual.distance(to: expected) <= tolerance, "pixel (\(x), \(y)) is \(actual), expected \(expected)",
            sourceLocation: sourceLocation)
}

/// Straight-alpha "source over" of two colours, as the renderer composites them.
func over(_ top: RGBA8, _ bottom: RGBA8) -> RGBA8 {
    let ta = Double(top.a) / 255, ba = Double(bottom.a) / 255
    let a = ta + ba * (1 - ta)
    func channel(_ t: UInt8, _ b: UInt8) -> UInt8 {
        UInt8(((Double(t) * ta + Double(b) * ba * (1 - ta)) / a).rounded())
    }
    return RGBA8(r: channel(top.r, bottom.r), g: channel(top.g, bottom.g), b: channel(top.b, bottom.b),
                 a: UInt8((a * 255).rounded()))
}

func rgba(_ text: String) -> RGBA8 { try! Color(parsing: text).pixel }
