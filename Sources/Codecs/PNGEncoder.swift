import Canvas

/// Cairn's fast PNG writer (Swift on libdeflate).
///
/// Chooses the smallest lossless layout cheaply: an indexed PNG (colour type 3, at 1, 2, 4 or 8 bits,
/// `tRNS` only when some colour is translucent) when the image has at most 256 distinct colours,
/// plain RGB (colour type 2) when every pixel is opaque, RGBA (colour type 6) otherwise. Pixels are
/// un-premultiplied as round(c × 255 / a), which decoding with Cairo's rounding reverses exactly.
/// The output is deterministic: the same surface and options always give the same bytes.
///
/// Thread-safe: libdeflate compressors are pooled and never shared between concurrent calls.
public struct PNGEncoder: SurfaceEncoder, Equatable, Hashable {
    /// The PNG row filter applied before compression (RGB and RGBA images; indexed rows are never filtered).
    public enum Filter: String, Sendable, CaseIterable {
        /// No filtering.
        case none
        /// Difference to the pixel on the left.
        case sub
        /// Difference to the pixel above.
        case up
        /// Difference to the Paeth predictor of left, above and upper-left.
        case paeth
        /// Per row, the filter (of all five PNG filters) with the smallest sum of absolute differences.
        case adaptive
    }

    /// How RGB and RGBA image data is compressed (indexed images always use libdeflate at ``level``).
    public enum Compressor: String, Sendable, CaseIterable {
        /// Cairn's own deflate (per-block Huffman codes over literals, byte runs and one-row-up
        /// matches, see `FastDeflate`): 1.5–2× faster than libdeflate level 1 on tiles and badges,
        /// but 5–105 % bigger files, and no faster on high-entropy translucent images.
        case fast
        /// libdeflate at ``PNGEncoder/level``.
        case libdeflate
    }

    /// The libdeflate compression level, 0 (store) to 12 (slowest, smallest). Clamped to that range.
    /// Applies to indexed images, and to RGB and RGBA images when ``compressor`` is ``Compressor/libdeflate``.
    public var level: Int
    /// The row filter for RGB and RGBA images.
    public var filter: Filter
    /// Whether to write an indexed PNG when the image has at most 256 distinct colours.
    public var allowIndexed: Bool
    /// The compressor for RGB and RGBA images.
    public var compressor: Compressor

    /// The default compression level, 1: on map tiles, badges and photos, levels 2 and 3 took 35–50 %
    /// longer for files within 1–2 % of level 1's size.
    public static let defaultLevel = 1
    /// The default filter, `.sub`: over map tiles, badges and photos it was as fast as `.none` and
    /// 16 % smaller in total (`.up` 3 % bigger, `.paeth` 4 % smaller but 13 % slower, `.adaptive` 40 % slower).
    public static let defaultFilter = Filter.sub

    /// The default compressor for RGB and RGBA images, libdeflate: on a translucent 256×256 gradient
    /// over a map tile `.fast` was no faster than level 1 and 5 % bigger; on an opaque variant 2× bigger.
    public static let defaultCompressor = Compressor.libdeflate

    /// An encoder with the given options.
    public init(level: Int = PNGEncoder.defaultLevel, filter: Filter = PNGEncoder.defaultFilter, allowIndexed: Bool = true,
                compressor: Compressor = PNGEncoder.defaultCompressor) {
        self.level = level
        self.filter = filter
        self.allowIndexed = allowIndexed
        self.compressor = compressor
    }

    /// Always ``ImageFormat/png``.
    public var format: ImageFormat { .png }

    /// Encodes the surface as a PNG.
    public func encode(_ surface: Surface) throws(CodecError) -> [UInt8] {
        try PNGWriter.encode(surface, options: self)
    }
}
