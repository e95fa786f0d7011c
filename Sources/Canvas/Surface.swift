import CCairo

/// A raster image in Cairo's ARGB32 format: 32-bit native-endian pixels with premultiplied alpha
/// (`0xAARRGGBB`, so bytes B, G, R, A in memory on little-endian machines).
///
/// Owns its `cairo_surface_t` and frees it in `deinit`. Pixel access goes through
/// ``withPixels(_:)`` / ``withMutablePixels(_:)``, which flush and mark the surface dirty as Cairo needs.
public final class Surface: @unchecked Sendable {
    let handle: OpaquePointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Row stride in pixels (Cairo may pad rows).
    public let stridePixels: Int

    /// The largest side Cairo's image surfaces accept.
    public static let maximumSide = 32767

    /// A new, fully transparent surface.
    public init(width: Int, height: Int) throws(CanvasError) {
        guard width > 0, height > 0, width <= Surface.maximumSide, height <= Surface.maximumSide else {
            throw .invalidSize(width: width, height: height)
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            try check(status, "cairo_image_surface_create(\(width)x\(height))")
            fatalError("unreachable")
        }
        handle = surface
        self.width = width
        self.height = height
        stridePixels = Int(cairo_image_surface_get_stride(surface)) / 4
    }

    /// Takes ownership of a Cairo image surface in ARGB32 or RGB24 format (RGB24's unused byte is set
    /// to 0xFF so that every reader sees opaque pixels).
    init(adopting surface: OpaquePointer) throws(CanvasError) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            try check(status, "reading image")
            fatalError("unreachable")
        }
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else {
            cairo_surface_destroy(surface)
            throw .cairo(operation: "reading image", reason: "unexpected pixel format \(format.rawValue)")
        }
        handle = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        stridePixels = Int(cairo_image_surface_get_stride(surface)) / 4
        if format == CAIRO_FORMAT_RGB24 {
            withMutablePixels { pixels, _ in
                for i in pixels.indices { pixels[i] |= 0xFF00_0000 }
            }
        }
    }

    deinit { cairo_surface_destroy(handle) }

    /// Reads the premultiplied pixels: `pixels[y * stride + x]`.
    public func withPixels<R, E: Error>(
        _ body: (_ pixels: UnsafeBufferPointer<UInt32>, _ stride: Int) throws(E) -> R
    ) throws(E) -> R {
        cairo_surface_flush(handle)
        let base = UnsafeRawPointer(cairo_image_surface_get_data(handle)!).assumingMemoryBound(to: UInt32.self)
        return try body(UnsafeBufferPointer(start: base, count: stridePixels * height), stridePixels)
    }

    /// Writes premultiplied pixels directly; the surface is marked dirty afterwards.
    public func withMutablePixels<R, E: Error>(
        _ body: (_ pixels: UnsafeMutableBufferPointer<UInt32>, _ stride: Int) throws(E) -> R
    ) throws(E) -> R {
        cairo_surface_flush(handle)
        defer { cairo_surface_mark_dirty(handle) }
        let base = UnsafeMutableRawPointer(cairo_image_surface_get_data(handle)!).assumingMemoryBound(to: UInt32.self)
        return try body(UnsafeMutableBufferPointer(start: base, count: stridePixels * height), stridePixels)
    }

    /// The straight-alpha colour of one pixel (for tests and inspection).
    public func pixel(x: Int, y: Int) -> RGBA8 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        return withPixels { pixels, stride in RGBA8(premultiplied: pixels[y * stride + x]) }
    }

    /// True when every pixel has alpha 255.
    public var isOpaque: Bool {
        withPixels { pixels, stride in
            for y in 0..<height {
                let row = y * stride
                for x in 0..<width where pixels[row + x] < 0xFF00_0000 { return false }
            }
            return true
        }
    }

    /// A deep copy.
    public func copy() throws(CanvasError) -> Surface {
        let result = try Surface(width: width, height: height)
        withPixels { source, _ in
            result.withMutablePixels { target, _ in
                _ = target.initialize(from: source)
            }
        }
        return result
    }
}
