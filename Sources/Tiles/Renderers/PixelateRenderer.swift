import Canvas

/// `pixelate`: the tile as blocks of `size` × `size` pixels (at @1x, scaled with the tile), each the
/// average of the pixels it covers.
public struct PixelateRenderer: Renderer, Equatable {
    public var size: Int
    public init(size: Int = 8) { self.size = size }

    public func render(_ image: inout Surface, context: RenderContext) throws {
        let block = max(1, Int((Double(size) * context.scale).rounded()))
        guard block > 1 else { return }
        let width = image.width, height = image.height
        image.withMutablePixels { pixels, rowStride in
            for top in stride(from: 0, to: height, by: block) {
                for left in stride(from: 0, to: width, by: block) {
                    let bottom = min(top + block, height), right = min(left + block, width)
                    var sums = (0, 0, 0, 0)
                    for y in top..<bottom {
                        for x in left..<right {
                            let p = pixels[y * rowStride + x]
                            sums.0 += Int(p >> 24); sums.1 += Int((p >> 16) & 0xFF)
                            sums.2 += Int((p >> 8) & 0xFF); sums.3 += Int(p & 0xFF)
                        }
                    }
                    let n = (bottom - top) * (right - left)
                    // Averaging premultiplied values is the correct average of colours with alpha.
                    let average = UInt32((sums.0 + n / 2) / n) << 24 | UInt32((sums.1 + n / 2) / n) << 16
                        | UInt32((sums.2 + n / 2) / n) << 8 | UInt32((sums.3 + n / 2) / n)
                    for y in top..<bottom {
                        for x in left..<right { pixels[y * rowStride + x] = average }
                    }
                }
            }
        }
    }
}
