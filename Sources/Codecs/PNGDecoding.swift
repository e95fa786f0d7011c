import Canvas
internal import CCodecs

/// PNG decoding through libpng (see `png_decode.c`): every colour type and bit depth, Adam7,
/// palettes with `tRNS`; 16-bit samples are scaled to 8 bits as round(v × 255 / 65535).
/// CRC errors in critical chunks, truncation and a missing `IEND` are errors; zlib's Adler-32 is not
/// checked on top of the chunk CRCs (as in Chromium). 8-bit RGB/RGBA, palette and grey rows are
/// converted by the shim in one pass; other layouts go through libpng's transforms.
///
/// The image data of ordinary files (not interlaced, at most 8 bits a sample) is inflated by
/// libdeflate in one call and unfiltered in the shim (`png_direct_rows.c`), about twice libpng's
/// speed; whatever that path cannot prove well-formed goes through libpng, so the pixels and the
/// errors are libpng's either way.
enum PNGDecoding {
    /// How a decode read the image data (for tests comparing the two).
    enum Rows {
        /// The direct rows where the file allows them, else libpng.
        case direct
        /// Always libpng's own row reading.
        case libpng
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(CodecError) -> Surface {
        try decode(bytes, limits: limits, rows: .direct).surface
    }

    /// The picture, and whether the direct rows read it.
    static func decode(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits,
                       rows: Rows) throws(CodecError) -> (surface: Surface, direct: Bool) {
        // The size check comes straight from IHDR, before libpng reads any further.
        if let header = PNGHeader(bytes) { try limits.check(width: header.width, height: header.height) }
        let decoder = try open(bytes)
        defer { ccodecs_png_decoder_destroy(decoder) }
        let (width, height) = try readHeader(decoder)
        try limits.check(width: width, height: height)
        let surface = try ImageDecoder.makeSurface(width: width, height: height)
        ccodecs_png_set_direct_rows(decoder, rows == .direct ? 1 : 0)
        let status = surface.withMutablePixels { pixels, stride in
            ccodecs_png_read_pixels(decoder, pixels.baseAddress!, stride)
        }
        guard status == CCODECS_OK else { throw failure(decoder) }
        return (surface, ccodecs_png_took_direct_rows(decoder) != 0)
    }

    static func size(of bytes: UnsafeRawBufferPointer) throws(CodecError) -> (width: Int, height: Int) {
        guard let header = PNGHeader(bytes) else { throw .corrupt(.png, "missing or damaged IHDR chunk") }
        guard header.width > 0, header.height > 0, header.width < 1 << 31, header.height < 1 << 31 else {
            throw .corrupt(.png, "invalid image size \(header.width)x\(header.height)")
        }
        return (header.width, header.height)
    }

    /// The size libpng reads from the chunks before the image data, refusing what ``decode`` would
    /// refuse there (an invalid colour type or bit depth, a damaged critical chunk), without decoding.
    static func header(of bytes: UnsafeRawBufferPointer) throws(CodecError) -> (width: Int, height: Int) {
        let decoder = try open(bytes)
        defer { ccodecs_png_decoder_destroy(decoder) }
        return try readHeader(decoder)
    }

    private static func open(_ bytes: UnsafeRawBufferPointer) throws(CodecError) -> OpaquePointer {
        guard let decoder = ccodecs_png_decoder_create(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count) else {
            throw .tooLarge("out of memory")
        }
        return decoder
    }

    private static func readHeader(_ decoder: OpaquePointer) throws(CodecError) -> (width: Int, height: Int) {
        var info = ccodecs_image_info()
        guard ccodecs_png_read_header(decoder, &info) == CCODECS_OK else { throw failure(decoder) }
        return (Int(info.width), Int(info.height))
    }

    private static func failure(_ decoder: OpaquePointer) -> CodecError {
        .corrupt(.png, CodecError.phrase(String(cString: ccodecs_png_message(decoder))))
    }
}
