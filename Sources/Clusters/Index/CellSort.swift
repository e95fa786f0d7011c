/// Items ordered by the grid cell they fall in, each cell's items in item order, for grids of
/// millions of cells.
///
/// One counting pass over such a grid touches a random counter and a random destination per item
/// (the counters alone are megabytes). This sorts `cell << 32 | item` keys by their cell in
/// passes of 11 bits instead (a least-significant-digit radix sort): each pass counts into 2 048
/// counters and writes to as many places at once, all of which stay in the cache. Every pass is
/// stable and the keys start in item order, so a cell's items stay in item order.
enum CellSort {
    /// The bits of the cell sorted in one pass.
    static let digitBits = 11

    /// The keys `cell << 32 | item` of items `0..<count`, whose cells (`cellOf(item)`, each below
    /// `cellCount`, which is below 2³¹) order them; ascending, that is by cell, then by item.
    static func sorted(count: Int, cellCount: Int, cellOf: (Int) -> Int) -> [UInt64] {
        precondition(count <= Int(UInt32.max) && cellCount <= Int(Int32.max), "too many items or cells to sort")
        var keys = [UInt64](unsafeUninitializedCapacity: count) { keys, initialized in
            for item in 0..<count { keys[item] = UInt64(truncatingIfNeeded: cellOf(item)) << 32 | UInt64(item) }
            initialized = count
        }
        let cellBits = cellCount > 1 ? Int.bitWidth - (cellCount - 1).leadingZeroBitCount : 0
        guard count > 1, cellBits > 0 else { return keys }
        var spare = [UInt64](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: 1 << digitBits)
        var shift = 32
        while shift < 32 + cellBits {
            let mask = UInt64(1 << min(digitBits, 32 + cellBits - shift)) - 1
            keys.withUnsafeBufferPointer { from in
                spare.withUnsafeMutableBufferPointer { to in
                    counts.withUnsafeMutableBufferPointer { counts in
                        pass(from, into: to, shift: UInt64(shift), mask: mask, counts: counts)
                    }
                }
            }
            swap(&keys, &spare)
            shift += digitBits
        }
        return keys
    }

    /// One stable pass: `from` into `to` by the digit `(key >> shift) & mask`.
    @inline(__always)
    private static func pass(_ from: UnsafeBufferPointer<UInt64>, into to: UnsafeMutableBufferPointer<UInt64>,
                             shift: UInt64, mask: UInt64, counts: UnsafeMutableBufferPointer<Int>) {
        let digits = Int(mask) + 1
        for d in 0..<digits { counts[d] = 0 }
        for key in from { counts[Int((key &>> shift) & mask)] &+= 1 }
        var start = 0
        for d in 0..<digits {
            let n = counts[d]
            counts[d] = start
            start &+= n
        }
        for key in from {
            let d = Int((key &>> shift) & mask)
            to[counts[d]] = key
            counts[d] &+= 1
        }
    }
}
