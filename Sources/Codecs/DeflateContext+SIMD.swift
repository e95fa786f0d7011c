internal import CCodecs

extension DeflateContext {
    /// Converts, filters and compresses `image` with Cairn's SIMD encoder into ``compressed``; returns the
    /// zlib stream and its size (0 when out of memory).
    func simdCompress(_ image: PixelRows, opaque: Bool, filter: PNGEncoder.Filter,
                      path: PNGEncoder.SIMDPath?) -> (UnsafeMutablePointer<UInt8>, Int) {
        let width = UInt32(image.width), height = UInt32(image.height)
        let output = compressed.bytes(cairn_png_fast_bound(width, height, opaque ? 1 : 0))
        let scratch = raw.bytes(cairn_png_fast_scratch_size(width, height, opaque ? 1 : 0))
        let filterCode: Int32
        switch filter {
        case .none: filterCode = CAIRN_PNG_FILTER_NONE
        case .sub: filterCode = CAIRN_PNG_FILTER_SUB
        case .up: filterCode = CAIRN_PNG_FILTER_UP
        case .paeth: filterCode = CAIRN_PNG_FILTER_PAETH
        case .adaptive: filterCode = CAIRN_PNG_FILTER_ADAPTIVE
        }
        let size = cairn_png_fast_zlib(image.base, image.stride, width, height, opaque ? 1 : 0, filterCode,
                                       path?.code ?? CAIRN_PNG_PATH_AUTO, output, scratch)
        return (output, size)
    }
}
