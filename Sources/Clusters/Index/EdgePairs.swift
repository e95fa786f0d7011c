internal import Parallel

/// The items of a level near the edge of their subtree's cell, and the splitting items above the
/// subtrees, for ``NeighbourLists``: only they can have neighbours in another subtree (a pair
/// across a split is within the radius of the split, so of both items' cells' edges). A sweep over
/// just them, in a grid of cells a little wider than the radius, finds those pairs; each item is
/// then recorded with these and the pairs its own subtree's sweep found.
struct EdgePairs {
    private let test: NeighbourTest
    /// The items, by tree position, in the order they were added, and the subtree each belongs to
    /// (its left end, or a negative number of its own for a splitting item).
    private var positions: [Int32] = []
    private var subtrees: [Int32] = []
    /// Directed neighbour pairs: the item's number (its place in `positions`) above its
    /// neighbour's tree position.
    private var pairs: [UInt64] = []

    init(radius: Double) {
        test = NeighbourTest(radius: radius)
    }

    /// Adds the item at tree `position`, of the subtree `subtree`, with the tree positions of the
    /// neighbours found in its own subtree.
    mutating func add(_ position: Int, subtree: Int, neighbours: some Sequence<Int> = EmptyCollection()) {
        let item = UInt64(positions.count) << 32
        positions.append(Int32(truncatingIfNeeded: position))
        subtrees.append(Int32(truncatingIfNeeded: subtree))
        for neighbour in neighbours { pairs.append(item | UInt64(UInt32(truncatingIfNeeded: neighbour))) }
    }

    /// Takes in the items and pairs `other` gathered (in other subtrees of the same level), after these.
    mutating func absorb(_ other: EdgePairs) {
        let base = UInt64(positions.count) << 32
        positions.append(contentsOf: other.positions)
        subtrees.append(contentsOf: other.subtrees)
        pairs.append(contentsOf: other.pairs.lazy.map { $0 &+ base })
    }

    /// Edge items fewer than this are handled on one thread.
    static let parallelMinimum = 1 << 12

    /// How many items ahead a list's start, or a centroid, is asked for.
    static let prefetchDistance = 16

    /// Finds the pairs of items in different subtrees, on up to `threads` threads (the same pairs).
    mutating func findPairsAcross(_ entries: UnsafeBufferPointer<KDEntry>, exact: ExactCoordinates, threads: Int = 1) {
        let count = positions.count
        guard count > 1 else { return }
        let parts = threads > 1 && count >= Self.parallelMinimum ? min(8, threads) : 1
        let grid = EdgeGrid(entries, positions: positions, exact: exact, reach: test.reach, parts: parts)
        let found = ParallelRuns.map(parts) { part in
            grid.pairsAcross(in: grid.band(part, of: parts), subtrees: subtrees, positions: positions, test: test)
        }
        for band in found { pairs.append(contentsOf: band) }
    }

    /// Records every item with its neighbours into `output`, in the order the items were added.
    mutating func record(_ entries: UnsafeBufferPointer<KDEntry>, output: inout ListOutput) {
        let count = positions.count
        // The neighbours grouped by item in one counting pass: a list is put in search order
        // when it is recorded, so the order within an item's pairs does not matter.
        var starts = [Int32](repeating: 0, count: count + 1)
        for pair in pairs { starts[Int(pair >> 32) + 1] &+= 1 }
        for item in 0..<count { starts[item + 1] &+= starts[item] }
        let grouped = [Int32](unsafeUninitializedCapacity: pairs.count) { grouped, initialized in
            var next = starts
            for pair in pairs {
                let item = Int(pair >> 32)
                grouped[Int(next[item])] = Int32(truncatingIfNeeded: pair)
                next[item] &+= 1
            }
            initialized = pairs.count
        }
        grouped.withUnsafeBufferPointer { grouped in
            for item in 0..<count {
                // The list's start is written by level index, far from the last: asked for ahead.
                if item + Self.prefetchDistance < count {
                    output.prefetchStart(of: entries[Int(positions[item + Self.prefetchDistance])])
                }
                let neighbours = UnsafeBufferPointer(rebasing: grouped[Int(starts[item])..<Int(starts[item + 1])])
                output.record(Int(positions[item]), neighbours: neighbours.lazy.map { Int($0) }, entries)
            }
        }
    }
}

/// The edge items of a level in a grid of cells at least `reach` wide, most of them empty: their
/// coordinates by item number, and their numbers sorted by cell (by row, then column), then by number.
private struct EdgeGrid {
    /// Per item: its tree x and y, then its exact x and y.
    let coordinates: [Double]
    /// `cell << 32 | item`, ascending.
    let keys: [UInt64]
    let cellsPerSide: Int

    /// The most cells a side, so that the cells number fewer than 2³¹ (``CellSort``).
    static let mostCellsPerSide = 46_000

    init(_ entries: UnsafeBufferPointer<KDEntry>, positions: [Int32], exact: ExactCoordinates, reach: Double, parts: Int) {
        let count = positions.count
        // Cells at least `reach` wide: a pair is in one cell or in two next to each other.
        let width = max(reach * 1.0001, 1.0 / Double(Self.mostCellsPerSide - 1))
        let cellsPerSide = Int((1 / width).rounded(.down)) + 1
        coordinates = [Double](unsafeUninitializedCapacity: 4 * count) { coordinates, initialized in
            nonisolated(unsafe) let coordinates = coordinates
            _ = ParallelRuns.map(parts) { part in
                let items = ParallelRuns.share(part, of: parts, in: count)
                // A cluster's centroid lies apart from its entry: it is asked for some items ahead.
                for item in items {
                    if item + EdgePairs.prefetchDistance < items.upperBound {
                        exact.prefetch(entries[Int(positions[item + EdgePairs.prefetchDistance])])
                    }
                    let entry = entries[Int(positions[item])]
                    let (x, y) = exact.of(entry)
                    coordinates[4 * item] = Double(entry.x)
                    coordinates[4 * item + 1] = Double(entry.y)
                    coordinates[4 * item + 2] = x
                    coordinates[4 * item + 3] = y
                }
            }
            initialized = 4 * count
        }
        keys = coordinates.withUnsafeBufferPointer { coordinates in
            CellSort.sorted(count: count, cellCount: cellsPerSide * cellsPerSide, threads: parts) { item in
                let column = min(cellsPerSide - 1, max(0, Int(coordinates[4 * item] / width)))
                let row = min(cellsPerSide - 1, max(0, Int(coordinates[4 * item + 1] / width)))
                return row * cellsPerSide + column
            }
        }
        self.cellsPerSide = cellsPerSide
    }

    @inline(__always) private func cell(_ place: Int) -> Int { Int(keys[place] >> 32) }
    @inline(__always) private func item(_ place: Int) -> Int { Int(keys[place] & 0xFFFF_FFFF) }

    /// Part `band` of `bands` of the sorted places, cut where a cell starts.
    func band(_ band: Int, of bands: Int) -> Range<Int> {
        func cut(_ share: Int) -> Int {
            var k = share
            while k > 0, k < keys.count, cell(k) == cell(k - 1) { k += 1 }
            return k
        }
        let share = ParallelRuns.share(band, of: bands, in: keys.count)
        return cut(share.lowerBound)..<cut(share.upperBound)
    }

    /// The pairs whose upper item's cell is in `places`: each item against those after it in its
    /// cell and in the cell to its right, and those of the three cells of the next row, both ways,
    /// when they are of different subtrees; as (item number, neighbour's tree position).
    func pairsAcross(in places: Range<Int>, subtrees: [Int32], positions: [Int32], test: NeighbourTest) -> [UInt64] {
        var pairs: [UInt64] = []
        guard !places.isEmpty else { return pairs }
        let count = keys.count
        // The next row's cells from the column before to the column after: both ends only move on.
        var below = keys.withUnsafeBufferPointer { CellSort.firstKey(inOrAfter: cell(places.lowerBound) + cellsPerSide - 1, of: $0) }
        var belowEnd = below
        var k = places.lowerBound
        while k < places.upperBound {
            let cell = cell(k), column = cell % cellsPerSide
            var runEnd = k
            while runEnd < count, self.cell(runEnd) == cell { runEnd += 1 }
            var rightEnd = runEnd
            if column + 1 < cellsPerSide {
                while rightEnd < count, self.cell(rightEnd) == cell + 1 { rightEnd += 1 }
            }
            let belowFirst = cell + cellsPerSide - (column > 0 ? 1 : 0)
            let belowLast = cell + cellsPerSide + (column + 1 < cellsPerSide ? 1 : 0)
            while below < count, self.cell(below) < belowFirst { below += 1 }
            belowEnd = max(belowEnd, below)
            while belowEnd < count, self.cell(belowEnd) <= belowLast { belowEnd += 1 }
            for s in k..<runEnd {
                let a = item(s)
                compare(a, with: (s + 1)..<rightEnd, &pairs, subtrees, positions, test)
                compare(a, with: below..<belowEnd, &pairs, subtrees, positions, test)
            }
            k = runEnd
        }
        return pairs
    }

    /// Checks item `a` against the items at `places`, both ways.
    @inline(__always)
    private func compare(_ a: Int, with places: Range<Int>, _ pairs: inout [UInt64], _ subtrees: [Int32],
                         _ positions: [Int32], _ test: NeighbourTest) {
        let ax = coordinates[4 * a], ay = coordinates[4 * a + 1]
        for k in places {
            let b = item(k)
            let bx = coordinates[4 * b], by = coordinates[4 * b + 1]
            guard subtrees[a] != subtrees[b], test.near(ax, ay, bx, by) else { continue }
            if test.within(exactX: coordinates[4 * a + 2], exactY: coordinates[4 * a + 3], treeX: bx, treeY: by) {
                pairs.append(UInt64(a) << 32 | UInt64(UInt32(truncatingIfNeeded: positions[b])))
            }
            if test.within(exactX: coordinates[4 * b + 2], exactY: coordinates[4 * b + 3], treeX: ax, treeY: ay) {
                pairs.append(UInt64(b) << 32 | UInt64(UInt32(truncatingIfNeeded: positions[a])))
            }
        }
    }
}
