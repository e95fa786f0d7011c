import Canvas

/// The PNG writer behind ``PNGEncoder``: picks the layout, builds the filtered scanlines, compresses
/// them with libdeflate and assembles the chunks.
enum PNGWriter {
    /// PNG colour types.
    static let colorTypeRGB: UInt8 = 2, colorTypeIndexed: UInt8 = 3, colorTypeRGBA: UInt8 = 6

    /// Encodes `surface`; `idatLimit` is the largest IDAT chunk (smaller only in tests).
    static func encode(_ surface: Surface, options: PNGEncoder, idatLimit: Int = maximumIDAT) throws(CodecError) -> [UInt8] {
        let level = min(max(options.level, 0), 12)
        guard let context = DeflateContext.take(level: level) else {
            throw .encodeFailed("PNG: libdeflate could not allocate a compressor")
        }
        defer { DeflateContext.give(context) }
        let width = surface.width, height = surface.height
        return try surface.withPixels { (pixels, stride) throws(CodecError) in
            let image = PixelRows(base: pixels.baseAddress!, stride: stride, width: width, height: height)
            var alpha: UInt32 = 0xFFFF_FFFF
            var scannedRows = 0
            if options.allowIndexed {
                let indices = context.indices.bytes(width * height)
                if let palette = PaletteScan.scan(image, indices: indices, alpha: &alpha, stoppedAt: &scannedRows) {
                    return try writeIndexed(image, palette: palette, indices: indices, context: context,
                                            idatLimit: idatLimit)
                }
            }
            image.andAll(from: scannedRows, into: &alpha)
            return try writeTruecolor(image, opaque: alpha >= 0xFF00_0000, filter: options.filter,
                                      compressor: options.compressor, context: context,
                                      idatLimit: idatLimit)
        }
    }

    /// The largest IDAT chunk written; PNG chunk lengths must stay below 2³¹.
    static let maximumIDAT = 1 << 30

    static func assemble(_ image: PixelRows, bitDepth: UInt8, colorType: UInt8, palette: [RGBA8],
                         translucentCount: Int, idat: UnsafePointer<UInt8>, idatCount: Int,
                         idatLimit: Int) -> [UInt8] {
        let idatChunks = max(1, (idatCount + idatLimit - 1) / idatLimit)
        var total = PNGChunkWriter.signature.count + PNGChunkWriter.size(ofChunkWith: 13)
            + idatCount + 12 * idatChunks + PNGChunkWriter.size(ofChunkWith: 0)
        if !palette.isEmpty { total += PNGChunkWriter.size(ofChunkWith: 3 * palette.count) }
        if translucentCount > 0 { total += PNGChunkWriter.size(ofChunkWith: translucentCount) }
        return [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            var writer = PNGChunkWriter(buffer.baseAddress!)
            writer.writeSignature()
            writer.writeChunk("IHDR", dataCount: 13) { data in
                PNGChunkWriter.store(UInt32(image.width), at: data)
                PNGChunkWriter.store(UInt32(image.height), at: data + 4)
                data[8] = bitDepth
                data[9] = colorType
                data[10] = 0  // deflate
                data[11] = 0  // adaptive filtering
                data[12] = 0  // not interlaced
            }
            if !palette.isEmpty {
                writer.writeChunk("PLTE", dataCount: 3 * palette.count) { data in
                    for (i, color) in palette.enumerated() {
                        data[3 * i] = color.r
                        data[3 * i + 1] = color.g
                        data[3 * i + 2] = color.b
                    }
                }
            }
            if translucentCount > 0 {
                writer.writeChunk("tRNS", dataCount: translucentCount) { data in
                    for i in 0..<translucentCount { data[i] = palette[i].a }
                }
            }
            var offset = 0
            repeat {
                let count = min(idatLimit, idatCount - offset)
                writer.writeChunk("IDAT", dataCount: count) { data in data.update(from: idat + offset, count: count) }
                offset += count
            } while offset < idatCount
            writer.writeChunk("IEND", dataCount: 0) { _ in }
            initialized = writer.count
        }
    }
}
