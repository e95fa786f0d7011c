extension Surface {
    /// Blurs in place with three box-blur passes per axis, a close approximation of a Gaussian of
    /// standard deviation `sigma` pixels (the SVG `feGaussianBlur` recipe). Works on premultiplied
    /// channels, which is what makes edges against transparency correct.
    ///
    /// `extendEdges` treats the pixels beyond the border as copies of the border (right for map tiles,
    /// whose neighbours continue the picture); otherwise they are transparent (right for shadows).
    public func blur(sigma: Double, extendEdges: Bool = false) {
        guard sigma >= 0.5 else { return }
        // Box size d from the SVG spec: d = floor(sigma * 3 * sqrt(2 * pi) / 4 + 0.5).
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard d > 1 else { return }
        withMutablePixels { pixels, stride in
            var line = [UInt32](repeating: 0, count: max(width, height))
            var scratch = [UInt32](repeating: 0, count: max(width, height))
            // Rows.
            for y in 0..<height {
                for x in 0..<width { line[x] = pixels[y * stride + x] }
                Surface.boxBlurThreePasses(&line, &scratch, count: width, box: d, extend: extendEdges)
                for x in 0..<width { pixels[y * stride + x] = line[x] }
            }
            // Columns.
            for x in 0..<width {
                for y in 0..<height { line[y] = pixels[y * stride + x] }
                Surface.boxBlurThreePasses(&line, &scratch, count: height, box: d, extend: extendEdges)
                for y in 0..<height { pixels[y * stride + x] = line[y] }
            }
        }
    }

    /// Three box passes as the spec describes: for odd d, three centred boxes of size d; for even d,
    /// two boxes of size d offset by half a pixel each way and one of size d + 1 centred.
    private static func boxBlurThreePasses(_ line: inout [UInt32], _ scratch: inout [UInt32], count: Int, box d: Int, extend: Bool) {
        if d % 2 == 1 {
            for _ in 0..<3 { boxPass(&line, &scratch, count: count, left: d / 2, right: d / 2, extend: extend) }
        } else {
            boxPass(&line, &scratch, count: count, left: d / 2, right: d / 2 - 1, extend: extend)
            boxPass(&line, &scratch, count: count, left: d / 2 - 1, right: d / 2, extend: extend)
            boxPass(&line, &scratch, count: count, left: d / 2, right: d / 2, extend: extend)
        }
    }

    /// One running-sum box pass over `count` pixels, window [i - left, i + right]; beyond the ends
    /// the line is transparent, or repeats its end pixels when `extend` is set.
    private static func boxPass(_ line: inout [UInt32], _ scratch: inout [UInt32], count: Int, left: Int, right: Int, extend: Bool) {
        let size = UInt32(left + right + 1)
        let first = line[0], last = line[count - 1]
        func at(_ i: Int) -> UInt32 {
            if i < 0 { return extend ? first : 0 }
            if i >= count { return extend ? last : 0 }
            return line[i]
        }
        var sums = (UInt32(0), UInt32(0), UInt32(0), UInt32(0))
        func add(_ p: UInt32) {
            sums.0 += p >> 24; sums.1 += (p >> 16) & 0xFF; sums.2 += (p >> 8) & 0xFF; sums.3 += p & 0xFF
        }
        func remove(_ p: UInt32) {
            sums.0 -= p >> 24; sums.1 -= (p >> 16) & 0xFF; sums.2 -= (p >> 8) & 0xFF; sums.3 -= p & 0xFF
        }
        for i in -left..<right { add(at(i)) }
        let half = size / 2
        for i in 0..<count {
            add(at(i + right))
            scratch[i] = ((sums.0 + half) / size) << 24 | ((sums.1 + half) / size) << 16
                | ((sums.2 + half) / size) << 8 | ((sums.3 + half) / size)
            remove(at(i - left))
        }
        swap(&line, &scratch)
    }
}
