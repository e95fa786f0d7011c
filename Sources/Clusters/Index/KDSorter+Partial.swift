internal import Parallel

/// A range of a KD-tree layout not yet sorted: its bounds and the axis of its middle's selection
/// (0 for x). Sorting it later gives the layout a whole sort gives: a range's sort never depends
/// on anything outside it.
struct KDRange: Sendable {
    let left: Int
    let right: Int
    let axis: Int
}

extension KDSorter {
    /// Sorts only the ranges of the tree layout that may hold an item at one of the `wanted`
    /// positions, down to their leaves, on up to `threads` threads, and returns the ranges left
    /// unsorted. Every wanted item ends where a whole sort puts it, so its search rank is known
    /// (``SearchRanks``); the rest wait until a query needs the whole tree
    /// (``sort(_:ranges:threads:)``).
    ///
    /// After a range's middle is selected, a wanted position below the middle's key on the range's
    /// axis is in its lower half, one above in its upper half; one equal to it (or not a number)
    /// may be in either, and both are sorted.
    func sort(_ entries: UnsafeMutableBufferPointer<KDEntry>, around wanted: [SIMD2<Float>], threads: Int = 1) -> [KDRange] {
        guard entries.count > 1 else { return [] }
        nonisolated(unsafe) let entries = entries
        return sort(entries, 0, entries.count - 1, 0, around: wanted, threads: threads)
    }

    private func sort(_ entries: UnsafeMutableBufferPointer<KDEntry>, _ left: Int, _ right: Int, _ axis: Int,
                      around wanted: [SIMD2<Float>], threads: Int) -> [KDRange] {
        if right - left <= nodeSize { return [] }
        guard !wanted.isEmpty else { return [KDRange(left: left, right: right, axis: axis)] }
        let stops = UnsafeMutablePointer<UInt8>.allocate(capacity: 4 * Self.block)
        defer { stops.deallocate() }
        let m = (left + right) >> 1
        if axis == 0 {
            Self.select(entries, m, left, right, KDAxisX.self, Stops(left: stops, right: stops + 2 * Self.block))
        } else {
            Self.select(entries, m, left, right, KDAxisY.self, Stops(left: stops, right: stops + 2 * Self.block))
        }
        let t = entries[m].coordinate(axis)
        let halves = [(left, m - 1, wanted.filter { !($0[axis] > t) }), (m + 1, right, wanted.filter { !($0[axis] < t) })]
        nonisolated(unsafe) let shared = entries
        let parts = threads > 1 && right - left > Self.parallelMinimum ? 2 : 1
        let unsorted = ParallelRuns.map(parts) { part in
            (parts == 1 ? [0, 1] : [part]).flatMap { half in
                sort(shared, halves[half].0, halves[half].1, 1 - axis, around: halves[half].2,
                     threads: parts == 1 ? 1 : (half == 0 ? threads / 2 : threads - threads / 2))
            }
        }
        return unsorted.flatMap { $0 }
    }

    /// Sorts the `ranges` left by ``sort(_:around:)``, on up to `threads` threads, finishing the
    /// layout a whole sort makes.
    func sort(_ entries: UnsafeMutableBufferPointer<KDEntry>, ranges: [KDRange], threads: Int) {
        nonisolated(unsafe) let entries = entries
        for range in ranges {
            sortForking(entries, range.left, range.right, range.axis, threads)
        }
    }
}
