import Canvas

/// The PNG writer behind ``PNGEncoder``: picks the ``PNGLayout``, builds the filtered scanlines,
/// compresses them with libdeflate and assembles the chunks.
enum PNGWriter {
    /// PNG colour types.
    static let colorTypeRGB: UInt8 = 2, colorTypeIndexed: UInt8 = 3, colorTypeRGBA: UInt8 = 6

    /// Encodes `surface`; `idatLimit` is the largest IDAT chunk (smaller only in tests).
    static func encode(_ surface: Surface, options: PNGEncoder, idatLimit: Int = maximumIDAT) throws(CodecError) -> [UInt8] {
        try withContext(level: options.level) { (context) throws(CodecError) in
            let width = surface.width, height = surface.height
            return try surface.withPixels { (pixels, stride) throws(CodecError) in
                let image = PixelRows(base: pixels.baseAddress!, stride: stride, width: width, height: height)
                var alpha: UInt32 = 0xFFFF_FFFF
                var scannedRows = 0
                var layout = PNGLayout.truecolor(opaque: false)
                let indices = context.indices.bytes(options.allowIndexed ? width * height : 1)
                if options.allowIndexed,
                   let scan = PaletteScan.scan(image, indices: indices, alpha: &alpha, stoppedAt: &scannedRows) {
                    layout = .indexed(IndexedPalette(scan))
                } else {
                    image.andAll(from: scannedRows, into: &alpha)
                    layout = .truecolor(opaque: alpha >= 0xFF00_0000)
                }
                let (idat, idatCount) = try layout.compress(image, indices: indices, options: options, context: context)
                return assemble(width: width, height: height, layout: layout, idat: idat, idatCount: idatCount,
                                idatLimit: idatLimit)
            }
        }
    }

    /// Runs `body` with a pooled libdeflate context for `level` (clamped to 0…12).
    static func withContext<R>(level: Int, _ body: (DeflateContext) throws(CodecError) -> R) throws(CodecError) -> R {
        guard let context = DeflateContext.take(level: min(max(level, 0), 12)) else {
            throw .encodeFailed("PNG: libdeflate could not allocate a compressor")
        }
        defer { DeflateContext.give(context) }
        return try body(context)
    }

    /// The largest IDAT chunk written; PNG chunk lengths must stay below 2³¹.
    static let maximumIDAT = 1 << 30

    static func assemble(width: Int, height: Int, layout: PNGLayout, idat: UnsafePointer<UInt8>, idatCount: Int,
                         idatLimit: Int) -> [UInt8] {
        let total = headerSize(layout) + PNGChunkWriter.size(ofDataChunks: idatCount, limit: idatLimit, sequenced: false)
            + PNGChunkWriter.size(ofChunkWith: 0)
        return [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            var writer = PNGChunkWriter(buffer.baseAddress!)
            writeHeader(&writer, width: width, height: height, layout: layout)
            var noSequence: UInt32?
            writer.writeDataChunks("IDAT", data: idat, count: idatCount, limit: idatLimit, sequence: &noSequence)
            writer.writeChunk("IEND", dataCount: 0) { _ in }
            initialized = writer.count
        }
    }

    /// The bytes ``writeHeader(_:width:height:layout:)`` writes.
    static func headerSize(_ layout: PNGLayout) -> Int {
        var total = PNGChunkWriter.signature.count + PNGChunkWriter.size(ofChunkWith: 13)
        if !layout.palette.isEmpty { total += PNGChunkWriter.size(ofChunkWith: 3 * layout.palette.count) }
        if layout.translucentCount > 0 { total += PNGChunkWriter.size(ofChunkWith: layout.translucentCount) }
        return total
    }

    /// The signature, `IHDR`, and for indexed layouts `PLTE` and (when some colour is translucent) `tRNS`.
    static func writeHeader(_ writer: inout PNGChunkWriter, width: Int, height: Int, layout: PNGLayout) {
        writer.writeSignature()
        writer.writeChunk("IHDR", dataCount: 13) { data in
            PNGChunkWriter.store(UInt32(width), at: data)
            PNGChunkWriter.store(UInt32(height), at: data + 4)
            data[8] = layout.bitDepth
            data[9] = layout.colorType
            data[10] = 0  // deflate
            data[11] = 0  // adaptive filtering
            data[12] = 0  // not interlaced
        }
        let palette = layout.palette
        if !palette.isEmpty {
            writer.writeChunk("PLTE", dataCount: 3 * palette.count) { data in
                for (i, color) in palette.enumerated() {
                    data[3 * i] = color.r
                    data[3 * i + 1] = color.g
                    data[3 * i + 2] = color.b
                }
            }
        }
        let translucentCount = layout.translucentCount
        if translucentCount > 0 {
            writer.writeChunk("tRNS", dataCount: translucentCount) { data in
                for i in 0..<translucentCount { data[i] = palette[i].a }
            }
        }
    }
}
