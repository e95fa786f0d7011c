import Canvas
internal import CCodecs

/// Writes JPEGs with libjpeg-turbo (4:2:0 chroma subsampling, Huffman tables from libjpeg's defaults).
///
/// JPEG has no alpha channel: translucent pixels are composited over **white** first
/// (premultiplied `c + (255 − a)`, exact), so a transparent badge becomes a badge on white.
public struct JPEGEncoder: SurfaceEncoder, Equatable, Hashable {
    /// Quality 1 (smallest) to 100 (best); values outside are clamped. Default 85.
    public var quality: Int
    /// Write a progressive JPEG (several scans, usually a little smaller, slower to encode).
    public var progressive: Bool
    /// Write a single-channel greyscale JPEG (luma only).
    public var grayscale: Bool

    /// An encoder with the given options.
    public init(quality: Int = 85, progressive: Bool = false, grayscale: Bool = false) {
        self.quality = quality
        self.progressive = progressive
        self.grayscale = grayscale
    }

    /// Always ``ImageFormat/jpeg``.
    public var format: ImageFormat { .jpeg }

    /// Encodes the surface as a JPEG.
    public func encode(_ surface: Surface) throws(CodecError) -> [UInt8] {
        try encode(surface, cmyk: false)
    }

    /// Encodes as an Adobe-style inverted CMYK JPEG (for tests of the CMYK decoder; nothing else needs CMYK).
    func encode(_ surface: Surface, cmyk: Bool) throws(CodecError) -> [UInt8] {
        let options = ccodecs_jpeg_options(quality: Int32(min(max(quality, 1), 100)), progressive: progressive ? 1 : 0,
                                           grayscale: grayscale ? 1 : 0, cmyk: cmyk ? 1 : 0)
        return try CEncoderOutput.collect(format: .jpeg) { output, size, message, messageSize in
            surface.withPixels { pixels, stride in
                ccodecs_jpeg_encode(pixels.baseAddress!, stride, UInt32(surface.width), UInt32(surface.height),
                                    options, output, size, message, messageSize)
            }
        }
    }
}
