import Canvas

/// A renderer applying a ``ColorMatrix`` to every pixel: un-premultiply, transform, clamp,
/// premultiply, as the spec's filters work on un-premultiplied colour. The CSS filters and `dark`
/// are all this renderer with different matrices; adjacent ones are fused by the chain.
public struct ColorMatrixFilter: Renderer, Equatable {
    public let matrix: ColorMatrix

    public init(_ matrix: ColorMatrix) { self.matrix = matrix }

    public func render(_ image: inout Surface, context: RenderContext) throws {
        // Fixed point: coefficients × 2^16 on channels 0...255, offsets scaled to match.
        let m = matrix.rows.map { row in row.prefix(4).map { Int(($0 * 65536).rounded()) } + [Int((row[4] * 255 * 65536).rounded())] }
        let (r0, r1, r2, r3, r4) = (m[0][0], m[0][1], m[0][2], m[0][3], m[0][4])
        let (g0, g1, g2, g3, g4) = (m[1][0], m[1][1], m[1][2], m[1][3], m[1][4])
        let (b0, b1, b2, b3, b4) = (m[2][0], m[2][1], m[2][2], m[2][3], m[2][4])
        let (a0, a1, a2, a3, a4) = (m[3][0], m[3][1], m[3][2], m[3][3], m[3][4])
        let width = image.width, height = image.height
        image.withMutablePixels { pixels, stride in
            @inline(__always) func clamp(_ v: Int) -> UInt8 { UInt8(clamping: (v + 32768) >> 16) }
            for y in 0..<height {
                let row = y * stride
                for x in 0..<width {
                    let straight = RGBA8(premultiplied: pixels[row + x])
                    let r = Int(straight.r), g = Int(straight.g), b = Int(straight.b), a = Int(straight.a)
                    let out = RGBA8(r: clamp(r0 * r + r1 * g + r2 * b + r3 * a + r4),
                                    g: clamp(g0 * r + g1 * g + g2 * b + g3 * a + g4),
                                    b: clamp(b0 * r + b1 * g + b2 * b + b3 * a + b4),
                                    a: clamp(a0 * r + a1 * g + a2 * b + a3 * a + a4))
                    pixels[row + x] = out.premultiplied
                }
            }
        }
    }
}
