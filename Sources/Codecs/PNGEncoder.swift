import Canvas

/// Cairn's fast PNG writer: truecolour images through Cairn's own SIMD encoder (``Compressor/simd``),
/// indexed ones through libdeflate.
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
        /// Per row, the filter with the smallest sum of absolute differences: of all five PNG filters
        /// with libdeflate; with ``Compressor/simd``, of none, sub, up and Paeth, or no
        /// filtering at all when a sample of the image codes about as small unfiltered (flat-colour art).
        case adaptive
    }

    /// How RGB and RGBA image data is compressed (indexed images always use libdeflate at ``level``).
    public enum Compressor: String, Sendable, CaseIterable {
        /// Cairn's own encoder in C, the way fpnge works: vector row filters, runs and row-up matches
        /// found by vector compares (and a hash table between them), one Huffman code fitted to the
        /// image, SIMD Adler-32 and CRC-32, with AVX2, SSE4.1 and portable kernels chosen at start-up
        /// (``SIMDPath``). Every path writes the same bytes. On mosaicked map tiles and overlay tiles
        /// 3–4× faster than libdeflate level 1 with the `sub` filter, at no more bytes (see docs/png-encoder.md).
        case simd
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
    /// The kernels ``Compressor/simd`` runs; `nil` for the one chosen at start-up. Tests and fuzzing
    /// force each path with it (the output is the same on all).
    package var simdPath: SIMDPath?

    /// The default compression level, 1: on map tiles, badges and photos, levels 2 and 3 took 35–50 %
    /// longer for files within 1–2 % of level 1's size.
    public static let defaultLevel = 1
    /// The default filter, `.adaptive`: with ``Compressor/simd`` its cheap per-row or per-image choice.
    /// (With libdeflate, `.sub` was the default before: over map tiles, badges and photos it was as fast
    /// as `.none` and 16 % smaller in total, `.adaptive`'s five-filter search 40 % slower.)
    public static let defaultFilter = Filter.adaptive

    /// The default compressor for RGB and RGBA images, ``Compressor/simd``.
    public static let defaultCompressor = Compressor.simd

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
