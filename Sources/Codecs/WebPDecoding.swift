import Canvas
internal import CCodecs

/// WebP decoding through libwebp (see `webp.c`): lossy, lossless and alpha; still images only.
/// Alpha is premultiplied with the same rounding as Cairo, so a lossless round trip is exact.
enum WebPDecoding {
    static func decode(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(CodecError) -> Surface {
        let (width, height) = try size(of: bytes)
        try limits.check(width: width, height: height)
        let surface = try ImageDecoder.makeSurface(width: width, height: height)
        var message = CMessage()
        let status = surface.withMutablePixels { pixels, stride in
            message.withBuffer { buffer, size in
                ccodecs_webp_read_pixels(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count,
                                         pixels.baseAddress!, stride, UInt32(width), UInt32(height), buffer, size)
            }
        }
        try check(status, message)
        return surface
    }

    static func size(of bytes: UnsafeRawBufferPointer) throws(CodecError) -> (width: Int, height: Int) {
        var info = ccodecs_image_info()
        var message = CMessage()
        let status = message.withBuffer { buffer, size in
            ccodecs_webp_read_header(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count, &info, buffer, size)
        }
        try check(status, message)
        return (Int(info.width), Int(info.height))
    }

    private static func check(_ status: Int32, _ message: CMessage) throws(CodecError) {
        switch status {
        case CCODECS_OK: return
        case CCODECS_UNSUPPORTED: throw .unsupported(.webp, message.text)
        case CCODECS_NO_MEMORY: throw .tooLarge(message.text)
        default: throw .corrupt(.webp, message.text)
        }
    }
}
