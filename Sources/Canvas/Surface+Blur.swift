extension Surface {
    /// Blurs in place with three box-blur passes per axis, a close approximation of a Gaussian of
    /// standard deviation `sigma` pixels (the SVG `feGaussianBlur` recipe). Works on premultiplied
    /// channels, which is what makes edges against transparency correct.
    public func blur(sigma: Double) {
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
                Surface.boxBlurThreePasses(&line, &scratch, count: width, box: d)
                for x in 0..<width { pixels[y * stride + x] = line[x] }
            }
            // Columns.
            for x in 0..<width {
                for y in 0..<height { line[y] = pixels[y * stride + x] }
                Surface.boxBlurThreePasses(&line, &scratch, count: height, box: d)
                for y in 0..<height { pixels[y * stride + x] = line[y] }
            }
        }
    }

    /// Three box passes as the spec describes: for odd d, three centred boxes of size d; for even d,
    /// two boxes of size d offset by half a pixel each way and one of size d + 1 centred.
    private static func boxBlurThreePasses(_ line: inout [UInt32], _ scratch: inout [UInt32], count: Int, box d: Int) {
        if d % 2 == 1 {
            for _ in 0..<3 { boxPass(&line, &scratch, count: count, left: d / 2, right: d / 2) }
        } else {
            boxPass(&line, &scratch, count: count, left: d / 2, right: d / 2 - 1)
            boxPass(&line, &scratch, count: count, left: d / 2 - 1, right: d / 2)
            boxPass(&line, &scratch, count: count, left: d / 2, right: d / 2)
        }
    }

    /// One running-sum box pass over `count` pixels, window [i - left, i + right], transparent outside.
    private static func boxPass(_ line: inout [UInt32], _ scratch: inout [UInt32], count: Int, left: Int, right: Int) {
        let size = UInt32(left + right + 1)
        var sums = (UInt32(0), UInt32(0), UInt32(0), UInt32(0))
        func add(_ p: UInt32) {
            sums.0 += p >> 24; sums.1 += (p >> 16) & 0xFF; sums.2 += (p >> 8) & 0xFF; sums.3 += p & 0xFF
        }
        func remove(_ p: UInt32) {
            sums.0 -= p >> 24; sums.1 -= (p >> 16) & 0xFF; sums.2 -= (p >> 8) & 0xFF; sums.3 -= p & 0xFF
        }
        for i in 0..<min(right, count) { add(line[i]) }
        let half = size / 2
        for i in 0..<count {
            if i + right < count { add(line[i + right]) }
            if i - left - 1 >= 0 { remove(line[i - left - 1]) }
            scratch[i] = ((sums.0 + half) / size) << 24 | ((sums.1 + half) / size) << 16
                | ((sums.2 + half) / size) << 8 | ((sums.3 + half) / size)
        }
        swap(&line, &scratch)
    }
}
