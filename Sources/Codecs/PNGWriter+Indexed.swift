import Canvas

/// A palette in file order: translucent colours first, so that `tRNS` only lists those.
struct IndexedPalette {
    /// The colours, straight alpha, in file order.
    let colors: [RGBA8]
    /// `remap[i]` is the file index of ``PaletteScan/colors``[i].
    let remap: [UInt8]
    /// How many colours (the first ones) are translucent.
    let translucentCount: Int
    /// 1, 2, 4 or 8 bits an index: the fewest that hold every colour.
    let bitDepth: Int

    init(_ scan: PaletteScan) {
        let order = scan.colors.indices.sorted { lhs, rhs in
            let l = scan.colors[lhs] < 0xFF00_0000, r = scan.colors[rhs] < 0xFF00_0000
            return l != r ? l : lhs < rhs
        }
        var remap = [UInt8](repeating: 0, count: 256)
        for (new, old) in order.enumerated() { remap[old] = UInt8(new) }
        self.remap = remap
        colors = order.map { RGBA8(premultiplied: scan.colors[$0]) }
        translucentCount = colors.firstIndex(where: { $0.a == 255 }) ?? colors.count
        let count = colors.count
        bitDepth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8
    }
}

/// Indexed PNG scanlines (colour type 3): indices packed at 1, 2, 4 or 8 bits, rows unfiltered.
extension PNGWriter {
    /// Packs `width * height` scan indices (row by row) into unfiltered scanlines in `context.raw`;
    /// returns them and their size.
    static func indexedScanlines(_ indices: UnsafePointer<UInt8>, width: Int, height: Int, palette: IndexedPalette,
                                 context: DeflateContext) -> (UnsafeMutablePointer<UInt8>, Int) {
        let bitDepth = palette.bitDepth
        let rowBytes = (width * bitDepth + 7) / 8
        let rawCount = height * (rowBytes + 1)
        let raw = context.raw.bytes(rawCount)
        palette.remap.withUnsafeBufferPointer { remap in
            let map = remap.baseAddress!
            for y in 0..<height {
                let out = raw + y * (rowBytes + 1)
                out[0] = PNGFilters.none
                packIndices(indices + y * width, map, into: out + 1, width: width, bitDepth: bitDepth)
            }
        }
        return (raw, rawCount)
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
