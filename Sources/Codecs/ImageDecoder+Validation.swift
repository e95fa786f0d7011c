extension ImageDecoder {
    /// Checks, without decoding any pixels, that `bytes` are an image Cairn would decode: a known
    /// format within the input-size limit, a header its decoder accepts (libpng, libjpeg or libwebp
    /// reads it), a size within `limits`, and whole bytes (``ImageFormat/isComplete(_:)``).
    ///
    /// For passing bytes through untouched: it costs a header parse and a CRC pass, not a decode,
    /// yet refuses a truncated or spliced answer, an impossible header and an image too large to
    /// serve. It cannot see damage inside the compressed pixel data that keeps its checksums.
    @discardableResult
    public static func validate(_ bytes: [UInt8], limits: DecodeLimits = .default) throws(CodecError) -> ImageFormat {
        let format = try bytes.withTypedUnsafeBytes { (raw) throws(CodecError) in try validateHeader(raw, limits: limits) }
        guard ImageFormat.isComplete(bytes) else { throw .corrupt(format, "truncated or damaged") }
        return format
    }

    /// The format, once its decoder has read the header and the size passed the limits.
    private static func validateHeader(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(CodecError) -> ImageFormat {
        let format = try format(of: bytes, limits: limits)
        let size: (width: Int, height: Int)
        switch format {
        case .png: size = try PNGDecoding.header(of: bytes)
        case .jpeg: size = try JPEGDecoding.size(of: bytes)
        case .webp: size = try WebPDecoding.size(of: bytes)
        }
        try limits.check(width: size.width, height: size.height)
        return format
    }
}
