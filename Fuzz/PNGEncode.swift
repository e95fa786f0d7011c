import Canvas
import Codecs

/// Fuzz target `PNGEncode`: Cairn's SIMD PNG encoder (``PNGEncoder/Compressor/simd``) on random images,
/// on every instruction-set path this CPU runs. The first two bytes choose the width (1…256) and the
/// options (filter, whether the alpha is kept), the rest are the pixels (straight R, G, B, A, repeated
/// to fill the image). Each path must write the same bytes, and they must decode to exactly the pixels
/// given; the default encoder (which may choose an indexed PNG) must decode to them too.
///
/// Seeds: Fuzz/Seeds/PNGEncode
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGEncode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzz(data, size) { input in
        guard input.bytes.count >= 6 else { return }
        let width = Int(input.bytes[0]) + 1, options = input.bytes[1]
        let samples = Array(input.bytes.dropFirst(2))
        let pixelCount = samples.count / 4  // at least 1
        let height = min(256, (pixelCount + width - 1) / width)
        let filters: [PNGEncoder.Filter] = [.adaptive, .none, .sub, .up, .paeth]
        let filter = filters[Int(options & 7) % filters.count]
        let opaque = options & 8 != 0
        let surface = try Surface(width: width, height: height)
        surface.withMutablePixels { pixels, stride in
            for y in 0..<height {
                for x in 0..<width {
                    let i = 4 * ((y * width + x) % pixelCount)
                    let color = RGBA8(r: samples[i], g: samples[i + 1], b: samples[i + 2], a: opaque ? 255 : samples[i + 3])
                    pixels[y * stride + x] = color.premultiplied
                }
            }
        }
        let original = pixels(surface)
        var first: [UInt8]?
        for path in PNGEncoder.SIMDPath.allCases where path.isSupported {
            var encoder = PNGEncoder(filter: filter, allowIndexed: false, compressor: .simd)
            encoder.simdPath = path
            let png = try encoder.encode(surface)
            if let first { fuzzCheck(png == first, "\(path) wrote other bytes than the first path") }
            first = first ?? png
            let decoded = try ImageDecoder.decode(png)
            fuzzCheck(pixels(decoded) == original, "\(path), \(filter): decoded pixels differ")
        }
        let png = try PNGEncoder().encode(surface)
        fuzzCheck(pixels(try ImageDecoder.decode(png)) == original, "default encoder: decoded pixels differ")
    }
}

/// A surface's premultiplied pixels, row by row, without the stride's padding.
private func pixels(_ surface: Surface) -> [UInt32] {
    surface.withPixels { pixels, stride in
        (0..<surface.height).flatMap { y in (0..<surface.width).map { x in pixels[y * stride + x] } }
    }
}
