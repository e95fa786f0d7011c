import CCairo

extension Surface {
    /// Encodes with Cairo's own `cairo_surface_write_to_png_stream` (zlib level 6, adaptive filters).
    /// Cairn writes PNGs with its faster `Codecs.PNGEncoder`; this is the benchmark baseline and a
    /// second, independent writer for tests.
    public func cairoPNGData() throws(CanvasError) -> [UInt8] {
        let sink = ByteSink()
        let status = sink.withWriteFunction { write, closure in
            cairo_surface_write_to_png_stream(handle, write, closure)
        }
        try check(status, "cairo_surface_write_to_png_stream")
        return sink.bytes
    }

    /// Decodes a PNG with Cairo's own reader (`cairo_image_surface_create_from_png_stream`). Cairn
    /// decodes with `Codecs.ImageDecoder`, which adds limits and JPEG/WebP; this is the benchmark
    /// baseline and an independent reader for tests.
    public static func decodeWithCairo(png bytes: [UInt8]) throws(CanvasError) -> Surface {
        final class Source { let bytes: [UInt8]; var offset = 0; init(_ bytes: [UInt8]) { self.bytes = bytes } }
        let source = Source(bytes)
        let read: cairo_read_func_t = { closure, data, length in
            let source = Unmanaged<Source>.fromOpaque(closure!).takeUnretainedValue()
            let count = Int(length)
            guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            source.bytes.withUnsafeBufferPointer { buffer in
                data!.update(from: buffer.baseAddress! + source.offset, count: count)
            }
            source.offset += count
            return CAIRO_STATUS_SUCCESS
        }
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(source).toOpaque())!
        }
        return try Surface(adopting: surface)
    }
}
