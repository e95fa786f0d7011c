import Canvas

/// Indexed PNGs (colour type 3): palette ordered translucent-first, indices packed at 1, 2, 4 or 8 bits, rows unfiltered.
extension PNGWriter {
    static func writeIndexed(_ image: PixelRows, palette scan: PaletteScan,
                             indices: UnsafeMutablePointer<UInt8>, context: DeflateContext,
                             idatLimit: Int) throws(CodecError) -> [UInt8] {
        // Translucent colours first, so that tRNS only lists those.
        let order = scan.colors.indices.sorted { lhs, rhs in
            let l = scan.colors[lhs] < 0xFF00_0000, r = scan.colors[rhs] < 0xFF00_0000
            return l != r ? l : lhs < rhs
        }
        var remap = [UInt8](repeating: 0, count: 256)
        for (new, old) in order.enumerated() { remap[old] = UInt8(new) }
        let colors = order.map { RGBA8(premultiplied: scan.colors[$0]) }
        let translucentCount = colors.firstIndex(where: { $0.a == 255 }) ?? colors.count

        let count = colors.count
        let bitDepth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
        let width = image.width, height = image.height
        let rowBytes = (width * bitDepth + 7) / 8
        let rawCount = height * (rowBytes + 1)
        let raw = context.raw.bytes(rawCount)
        remap.withUnsafeBufferPointer { remap in
            let map = remap.baseAddress!
            for y in 0..<height {
                let out = raw + y * (rowBytes + 1)
                out[0] = PNGFilters.none
                packIndices(indices + y * width, map, into: out + 1, width: width, bitDepth: bitDepth)
            }
        }
        let (compressed, compressedCount) = context.zlibCompress(raw, count: rawCount)
        guard compressedCount > 0 else { throw .encodeFailed("PNG: libdeflate failed") }
        return assemble(image, bitDepth: UInt8(bitDepth), colorType: colorTypeIndexed, palette: colors,
                        translucentCount: translucentCount, idat: compressed, idatCount: compressedCount, idatLimit: idatLimit)
    }

    /// Writes one row of palette indices through `map` at `bitDepth` bits each, most significant first.
    @inline(__always)
    private static func packIndices(_ source: UnsafePointer<UInt8>, _ map: UnsafePointer<UInt8>,
                                    into out: UnsafeMutablePointer<UInt8>, width: Int, bitDepth: Int) {
        @inline(__always) func index(_ x: Int) -> UInt8 { map[Int(source[x])] }
        switch bitDepth {
        case 8:
            for x in 0..<width { out[x] = index(x) }
        case 4:
            let whole = width / 2
            for i in 0..<whole { out[i] = index(2 &* i) &<< 4 | index(2 &* i &+ 1) }
            if width % 2 != 0 { out[whole] = index(width &- 1) &<< 4 }
        case 2:
            let whole = width / 4
            for i in 0..<whole {
                let x = 4 &* i
                out[i] = index(x) &<< 6 | index(x &+ 1) &<< 4 | index(x &+ 2) &<< 2 | index(x &+ 3)
            }
            if width % 4 != 0 {
                var byte: UInt8 = 0
                for x in (4 &* whole)..<width { byte |= index(x) &<< UInt8(6 &- 2 &* (x & 3)) }
                out[whole] = byte
            }
        default:  // 1
            let whole = width / 8
            for i in 0..<whole {
                let x = 8 &* i
                var byte = index(x) &<< 7 | index(x &+ 1) &<< 6 | index(x &+ 2) &<< 5 | index(x &+ 3) &<< 4
                byte |= index(x &+ 4) &<< 3 | index(x &+ 5) &<< 2 | index(x &+ 6) &<< 1 | index(x &+ 7)
                out[i] = byte
            }
            if width % 8 != 0 {
                var byte: UInt8 = 0
                for x in (8 &* whole)..<width { byte |= index(x) &<< UInt8(7 &- (x & 7)) }
                out[whole] = byte
            }
        }
    }
}
