import Canvas
internal import CCodecs

/// Writes WebP images with libwebp, lossy (VP8, with a lossless alpha plane) or lossless (VP8L).
/// Pixels are un-premultiplied first (round(c × 255 / a)); a lossless round trip through
/// ``ImageDecoder`` gives back the same premultiplied pixels. Sides are limited to 16383 pixels.
public struct WebPEncoder: SurfaceEncoder, Equatable, Hashable {
    /// Quality 0…100 for lossy images; for lossless ones, the compression effort. Clamped. Default 80.
    public var quality: Int
    /// Write a lossless WebP.
    public var lossless: Bool

    /// An encoder with the given options.
    public init(quality: Int = 80, lossless: Bool = false) {
        self.quality = quality
        self.lossless = lossless
    }

    /// Always ``ImageFormat/webp``.
    public var format: ImageFormat { .webp }

    /// Encodes the surface as a WebP.
    public func encode(_ surface: Surface) throws(CodecError) -> [UInt8] {
        let quality = Float(min(max(quality, 0), 100))
        return try CEncoderOutput.collect(format: .webp) { output, size, message, messageSize in
            surface.withPixels { pixels, stride in
                ccodecs_webp_encode(pixels.baseAddress!, stride, UInt32(surface.width), UInt32(surface.height),
                                    quality, lossless ? 1 : 0, output, size, message, messageSize)
            }
        }
    }
}
