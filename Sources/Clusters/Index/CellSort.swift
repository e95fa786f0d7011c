internal import Parallel

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
    /// `cellCount`, which is below 2³¹) order them; ascending, that is by cell, then by item. On
    /// `threads` threads, each pass splits the keys in as many runs, counted and placed at once
    /// (a run's keys go after those of the runs before it with the same digit): the same keys in
    /// the same order.
    static func sorted(count: Int, cellCount: Int, threads: Int = 1, cellOf: (Int) -> Int) -> [UInt64] {
        precondition(count <= Int(UInt32.max) && cellCount <= Int(Int32.max), "too many items or cells to sort")
        let runs = runs(of: count, threads: threads)
        var keys = [UInt64](unsafeUninitializedCapacity: count) { keys, initialized in
            initialized = count
            guard runs > 1 else {
                for item in 0..<count { keys[item] = UInt64(truncatingIfNeeded: cellOf(item)) << 32 | UInt64(item) }
                return
            }
            nonisolated(unsafe) let keys = keys
            withoutActuallyEscaping(cellOf) { cellOf in
                nonisolated(unsafe) let cellOf = cellOf
                _ = ParallelRuns.map(runs) { run in
                    for item in ParallelRuns.share(run, of: runs, in: count) {
                        keys[item] = UInt64(truncatingIfNeeded: cellOf(item)) << 32 | UInt64(item)
                    }
                }
            }
        }
        let cellBits = cellCount > 1 ? Int.bitWidth - (cellCount - 1).leadingZeroBitCount : 0
        guard count > 1, cellBits > 0 else { return keys }
        var spare = [UInt64](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        var counts = [Int](repeating: 0, count: runs << digitBits)
        var shift = 32
        while shift < 32 + cellBits {
            let mask = UInt64(1 << min(digitBits, 32 + cellBits - shift)) - 1
            keys.withUnsafeBufferPointer { from in
                spare.withUnsafeMutableBufferPointer { to in
                    counts.withUnsafeMutableBufferPointer { counts in
                        pass(from, into: to, shift: UInt64(shift), mask: mask, counts: counts, runs: runs)
                    }
                }
            }
            swap(&keys, &spare)
            shift += digitBits
        }
        return keys
    }

    /// The place of the first of the sorted `keys` whose cell is `cell` or after it (`keys.count`
    /// when there is none), by bisection.
    @inline(__always)
    static func firstKey(inOrAfter cell: Int, of keys: UnsafeBufferPointer<UInt64>) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) >> 1
            if Int(truncatingIfNeeded: keys[middle] >> 32) < cell { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Keys below this are sorted on one thread.
    static let parallelMinimum = 1 << 16

    /// How many runs `count` keys (or a grid's items) are split in on `threads` threads: one below
    /// ``parallelMinimum``, at most eight.
    static func runs(of count: Int, threads: Int) -> Int {
        threads > 1 && count >= parallelMinimum ? min(threads, 8) : 1
    }

    /// One stable pass: `from` into `to` by the digit `(key >> shift) & mask`, in `runs` runs
    /// (`counts` holds 2^digitBits counters a run).
    private static func pass(_ from: UnsafeBufferPointer<UInt64>, into to: UnsafeMutableBufferPointer<UInt64>,
                             shift: UInt64, mask: UInt64, counts: UnsafeMutableBufferPointer<Int>, runs: Int) {
        let digits = Int(mask) + 1, stride = 1 << digitBits
        nonisolated(unsafe) let (from, to, counts) = (from, to, counts)
        _ = ParallelRuns.map(runs) { run in
            let mine = counts.baseAddress! + run * stride
            for d in 0..<digits { mine[d] = 0 }
            for k in ParallelRuns.share(run, of: runs, in: from.count) { mine[Int((from[k] &>> shift) & mask)] &+= 1 }
        }
        // Each run's place for each digit: after every key of a lower digit, and after the keys
        // of this digit in the runs before.
        var start = 0
        for d in 0..<digits {
            for run in 0..<runs {
                let n = counts[run * stride + d]
                counts[run * stride + d] = start
                start &+= n
            }
        }
        _ = ParallelRuns.map(runs) { run in
            let mine = counts.baseAddress! + run * stride
            for k in ParallelRuns.share(run, of: runs, in: from.count) {
                let key = from[k]
                let d = Int((key &>> shift) & mask)
                to[mine[d]] = key
                mine[d] &+= 1
            }
        }
    }
}
