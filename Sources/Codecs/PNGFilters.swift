/// The five PNG row filters (RFC 2083 §6), applied to one row of `count` bytes with `bpp` bytes a pixel.
/// `current` and `previous` are unfiltered rows (`previous` all zero for the first row).
enum PNGFilters {
    /// Filter type byte values.
    static let none: UInt8 = 0, sub: UInt8 = 1, up: UInt8 = 2, average: UInt8 = 3, paeth: UInt8 = 4

    @inline(__always)
    static func apply(_ type: UInt8, current: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>,
                      into out: UnsafeMutablePointer<UInt8>, count: Int, bpp: Int) {
        switch type {
        case sub: applySub(current, out, count, bpp)
        case up: applyUp(current, previous, out, count)
        case average: applyAverage(current, previous, out, count, bpp)
        case paeth: applyPaeth(current, previous, out, count, bpp)
        default: out.update(from: current, count: count)
        }
    }

    static func applySub(_ current: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, _ count: Int, _ bpp: Int) {
        for i in 0..<bpp { out[i] = current[i] }
        var i = bpp
        while i < count {
            out[i] = current[i] &- current[i &- bpp]
            i &+= 1
        }
    }

    static func applyUp(_ current: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>,
                        _ out: UnsafeMutablePointer<UInt8>, _ count: Int) {
        for i in 0..<count { out[i] = current[i] &- previous[i] }
    }

    static func applyAverage(_ current: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>,
                             _ out: UnsafeMutablePointer<UInt8>, _ count: Int, _ bpp: Int) {
        for i in 0..<bpp { out[i] = current[i] &- (previous[i] >> 1) }
        var i = bpp
        while i < count {
            let mean = UInt8(truncatingIfNeeded: (UInt16(current[i &- bpp]) + UInt16(previous[i])) >> 1)
            out[i] = current[i] &- mean
            i &+= 1
        }
    }

    static func applyPaeth(_ current: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>,
                           _ out: UnsafeMutablePointer<UInt8>, _ count: Int, _ bpp: Int) {
        for i in 0..<bpp { out[i] = current[i] &- previous[i] }  // left and upper-left are 0: predictor = above
        var i = bpp
        while i < count {
            let a = Int32(current[i &- bpp]), b = Int32(previous[i]), c = Int32(previous[i &- bpp])
            let p = b - c, q = a - c
            let pa = abs(p), pb = abs(q), pc = abs(p + q)
            let predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
            out[i] = current[i] &- UInt8(truncatingIfNeeded: predictor)
            i &+= 1
        }
    }

    /// The adaptive heuristic: the sum of the bytes read as signed magnitudes.
    @inline(__always)
    static func cost(_ row: UnsafePointer<UInt8>, _ count: Int) -> Int {
        var sum = 0
        for i in 0..<count {
            let v = Int(Int8(bitPattern: row[i]))
            sum &+= v < 0 ? -v : v
        }
        return sum
    }
}
