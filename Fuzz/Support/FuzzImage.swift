import Canvas
import Codecs

/// The image-decoder targets' shared check: a decode either throws a ``CodecError`` or gives a
/// surface of the size the header declares, within the limits.
enum FuzzImage {
    /// Smaller than Cairn's defaults so that each run stays fast; the checks are the same.
    static let limits = DecodeLimits(maxSide: 4096, maxPixels: 4_000_000, maxInputBytes: 1 << 20)

    static func decode(_ bytes: [UInt8]) {
        guard let surface = try? ImageDecoder.decode(bytes, limits: limits) else { return }
        fuzzCheck(surface.width > 0 && surface.height > 0, "empty surface \(surface.width)x\(surface.height)")
        fuzzCheck(surface.width <= limits.maxSide && surface.height <= limits.maxSide && surface.width * surface.height <= limits.maxPixels,
                  "surface \(surface.width)x\(surface.height) beyond the limits")
        let size = try? ImageDecoder.size(of: bytes)
        fuzzCheck(size?.width == surface.width && size?.height == surface.height,
                  "decoded \(surface.width)x\(surface.height), header says \(String(describing: size))")
    }
}
