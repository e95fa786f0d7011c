/// RGB and RGBA PNG scanlines (colour types 2 and 6): pixels converted and filtered row by row.
extension PNGWriter {
    /// Converts and filters `image` into scanlines in `context.raw`; returns them and their size.
    static func truecolorScanlines(_ image: PixelRows, opaque: Bool, filter: PNGEncoder.Filter,
                                   context: DeflateContext) -> (UnsafeMutablePointer<UInt8>, Int) {
        let width = image.width, height = image.height
        let bpp = opaque ? 3 : 4
        let rowBytes = width * bpp
        let rawCount = height * (rowBytes + 1)
        let raw = context.raw.bytes(rawCount)
        // current, previous, then four candidates for the adaptive filter
        let rows = context.rows.bytes(rowBytes * (filter == .adaptive ? 6 : 2) + 8)
        var current = rows, previous = rows + rowBytes
        previous.initialize(repeating: 0, count: rowBytes)
        let fixedType: UInt8
        switch filter {
        case .none: fixedType = PNGFilters.none
        case .sub: fixedType = PNGFilters.sub
        case .up: fixedType = PNGFilters.up
        case .paeth: fixedType = PNGFilters.paeth
        case .adaptive: fixedType = 255
        }
        for y in 0..<height {
            let out = raw + y * (rowBytes + 1)
            let target = fixedType == PNGFilters.none ? out + 1 : current
            if opaque {
                convertRGB(image.row(y), into: target, width: width)
            } else {
                convertRGBA(image.row(y), into: target, width: width)
            }
            if fixedType == PNGFilters.none {
                out[0] = PNGFilters.none
                continue
            }
            if fixedType != 255 {
                out[0] = fixedType
                PNGFilters.apply(fixedType, current: current, previous: previous, into: out + 1, count: rowBytes, bpp: bpp)
            } else {
                adaptive(current: current, previous: previous, candidates: rows + 2 * rowBytes,
                         into: out, count: rowBytes, bpp: bpp)
            }
            swap(&current, &previous)
        }
        return (raw, rawCount)
    }

    /// Tries all five filters and writes the type byte and the row with the smallest ``PNGFilters/cost(_:_:)``.
    private static func adaptive(current: UnsafeMutablePointer<UInt8>, previous: UnsafeMutablePointer<UInt8>,
                                 candidates: UnsafeMutablePointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
                                 count: Int, bpp: Int) {
        var bestType = PNGFilters.none
        var bestCost = PNGFilters.cost(current, count)
        var best = UnsafePointer(current)
        for type in PNGFilters.sub...PNGFilters.paeth {
            let candidate = candidates + Int(type - 1) * count
            PNGFilters.apply(type, current: current, previous: previous, into: candidate, count: count, bpp: bpp)
            let cost = PNGFilters.cost(candidate, count)
            if cost < bestCost {
                bestCost = cost
                bestType = type
                best = UnsafePointer(candidate)
            }
        }
        out[0] = bestType
        (out + 1).update(from: best, count: count)
    }

    /// Opaque premultiplied pixels to R, G, B bytes.
    @inline(__always)
    private static func convertRGB(_ source: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt8>, width: Int) {
        var o = out
        for x in 0..<width {
            let p = source[x]
            o[0] = UInt8(truncatingIfNeeded: p >> 16)
            o[1] = UInt8(truncatingIfNeeded: p >> 8)
            o[2] = UInt8(truncatingIfNeeded: p)
            o += 3
        }
    }

    /// Premultiplied pixels to straight R, G, B, A bytes (exact table lookup for translucent pixels).
    @inline(__always)
    private static func convertRGBA(_ source: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt8>, width: Int) {
        let table = unpremultiplyTable
        let target = UnsafeMutableRawPointer(out)
        for x in 0..<width {
            let p = source[x]
            let a = p >> 24
            var word: UInt32
            if a == 255 {
                word = (p & 0xFF00_FF00) | ((p >> 16) & 0xFF) | ((p & 0xFF) << 16)
            } else if a == 0 {
                word = 0
            } else {
                let row = table + Int(a) << 8
                let r = UInt32(row[Int((p >> 16) & 0xFF)])
                let g = UInt32(row[Int((p >> 8) & 0xFF)])
                let b = UInt32(row[Int(p & 0xFF)])
                word = a << 24 | b << 16 | g << 8 | r
            }
            target.storeBytes(of: word.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
        }
    }
}
