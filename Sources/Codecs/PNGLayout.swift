import Canvas

/// The lossless layout of a PNG's pixels as Cairn's writer chooses it: indexed when at most 256
/// colours, else RGB when opaque, RGBA otherwise. One layout serves a whole file: a still PNG, or
/// every frame of an APNG (which share one header and palette).
enum PNGLayout {
    /// Colour type 3 with this palette.
    case indexed(IndexedPalette)
    /// Colour type 2 (`opaque`) or 6, 8 bits a sample.
    case truecolor(opaque: Bool)

    var bitDepth: UInt8 {
        switch self {
        case .indexed(let palette): return UInt8(palette.bitDepth)
        case .truecolor: return 8
        }
    }

    var colorType: UInt8 {
        switch self {
        case .indexed: return PNGWriter.colorTypeIndexed
        case .truecolor(let opaque): return opaque ? PNGWriter.colorTypeRGB : PNGWriter.colorTypeRGBA
        }
    }

    /// The `PLTE` entries, empty for truecolour.
    var palette: [RGBA8] {
        if case .indexed(let palette) = self { return palette.colors }
        return []
    }

    /// How many `tRNS` entries (the translucent palette colours come first), 0 for truecolour.
    var translucentCount: Int {
        if case .indexed(let palette) = self { return palette.translucentCount }
        return 0
    }

    /// Filters and compresses `image` into `context.compressed` as one zlib stream (an IDAT's or a
    /// frame's `fdAT` data). `indices` holds `image`'s palette indices, row by row, for `.indexed`.
    func compress(_ image: PixelRows, indices: UnsafePointer<UInt8>, options: PNGEncoder,
                  context: DeflateContext) throws(CodecError) -> (UnsafeMutablePointer<UInt8>, Int) {
        let result: (UnsafeMutablePointer<UInt8>, Int)
        switch self {
        case .indexed(let palette):
            let (raw, count) = PNGWriter.indexedScanlines(indices, width: image.width, height: image.height,
                                                          palette: palette, context: context)
            result = context.zlibCompress(raw, count: count)
        case .truecolor(let opaque) where options.compressor == .simd:
            result = context.simdCompress(image, opaque: opaque, filter: options.filter, path: options.simdPath)
        case .truecolor(let opaque):
            let (raw, count) = PNGWriter.truecolorScanlines(image, opaque: opaque, filter: options.filter, context: context)
            result = context.zlibCompress(raw, count: count)
        }
        guard result.1 > 0 else { throw .encodeFailed("PNG: the compressor failed (out of memory)") }
        return result
    }
}
