import Canvas
internal import CCodecs

/// JPEG decoding through libjpeg-turbo (see `jpeg_decode.c`): baseline, progressive, greyscale and
/// Adobe CMYK/YCCK, into opaque pixels. Truncated files are errors; other libjpeg warnings are
/// tolerated silently, as browsers do.
enum JPEGDecoding {
    static func decode(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(CodecError) -> Surface {
        let decoder = try open(bytes)
        defer { ccodecs_jpeg_decoder_destroy(decoder) }
        let (width, height) = try readHeader(decoder)
        try limits.check(width: width, height: height)
        let surface = try ImageDecoder.makeSurface(width: width, height: height)
        let status = surface.withMutablePixels { pixels, stride in
            ccodecs_jpeg_read_pixels(decoder, pixels.baseAddress!, stride)
        }
        guard status == CCODECS_OK else { throw failure(decoder) }
        return surface
    }

    static func size(of bytes: UnsafeRawBufferPointer) throws(CodecError) -> (width: Int, height: Int) {
        let decoder = try open(bytes)
        defer { ccodecs_jpeg_decoder_destroy(decoder) }
        return try readHeader(decoder)
    }

    private static func open(_ bytes: UnsafeRawBufferPointer) throws(CodecError) -> OpaquePointer {
        guard let decoder = ccodecs_jpeg_decoder_create(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count) else {
            throw .tooLarge("out of memory")
        }
        return decoder
    }

    private static func readHeader(_ decoder: OpaquePointer) throws(CodecError) -> (width: Int, height: Int) {
        var info = ccodecs_image_info()
        guard ccodecs_jpeg_read_header(decoder, &info) == CCODECS_OK else { throw failure(decoder) }
        return (Int(info.width), Int(info.height))
    }

    private static func failure(_ decoder: OpaquePointer) -> CodecError {
        .corrupt(.jpeg, CodecError.phrase(String(cString: ccodecs_jpeg_message(decoder))))
    }
}
