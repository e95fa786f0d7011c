import Canvas

/// Decodes PNG, JPEG and WebP bytes into premultiplied ARGB32 surfaces (`Surface`, from Canvas).
///
/// The format is recognised from the magic number, not from a file name. Every decode checks the
/// ``DecodeLimits`` against the input size and then against the image header before any pixel
/// memory is allocated. Colour-management chunks and profiles (PNG `gAMA`, `cHRM`, `sRGB`, `iCCP`,
/// JPEG ICC profiles) are ignored, as browsers do for untagged images.
public enum ImageDecoder {
    /// Decodes an encoded image.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> Surface {
        try bytes.withTypedUnsafeBytes { (raw) throws(CodecError) in try decode(raw, limits: limits) }
    }

    /// Decodes an encoded image held in memory that stays valid for the duration of the call.
    public static func decode(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits = .default) throws(CodecError) -> Surface {
        switch try format(of: bytes, limits: limits) {
        case .png: return try PNGDecoding.decode(bytes, limits: limits)
        case .jpeg: return try JPEGDecoding.decode(bytes, limits: limits)
        case .webp: return try WebPDecoding.decode(bytes, limits: limits)
        }
    }

    /// The width and height an image's header declares, without decoding pixels.
    /// Throws for unknown formats and malformed headers; does not apply the size limits.
    public static func size(of bytes: [UInt8]) throws(CodecError) -> (width: Int, height: Int) {
        try bytes.withTypedUnsafeBytes { (raw) throws(CodecError) in
            let unlimited = DecodeLimits(maxSide: .max, maxPixels: .max, maxInputBytes: .max)
            switch try format(of: raw, limits: unlimited) {
            case .png: return try PNGDecoding.size(of: raw)
            case .jpeg: return try JPEGDecoding.size(of: raw)
            case .webp: return try WebPDecoding.size(of: raw)
            }
        }
    }

    /// Checks the input size, then sniffs the format.
    static func format(of bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(CodecError) -> ImageFormat {
        guard !bytes.isEmpty else { throw .empty }
        try limits.check(byteCount: bytes.count)
        guard let format = ImageFormat.sniff(bytes) else {
            // A damaged PNG signature still deserves a PNG-specific message.
            if bytes.count >= 4, bytes[1] == 0x50, bytes[2] == 0x4E, bytes[3] == 0x47 || bytes[3] == 0x67 {
                throw .corrupt(.png, "invalid PNG signature")
            }
            throw .unknownFormat
        }
        return format
    }

    /// A surface for a decoded image whose size already passed the limits.
    static func makeSurface(width: Int, height: Int) throws(CodecError) -> Surface {
        do {
            return try Surface(width: width, height: height)
        } catch {
            throw .tooLarge("cannot allocate a \(width)x\(height) surface (\(error))")
        }
    }
}
