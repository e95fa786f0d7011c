/// The items of a level near the edge of their subtree's cell, and the splitting items above the
/// subtrees, for ``NeighbourLists``: only they can have neighbours in another subtree (a pair
/// across a split is within the radius of the split, so of both items' cells' edges). A sweep over
/// just them, in a grid of cells a little wider than the radius, finds those pairs; each item is
/// then recorded with these and the pairs its own subtree's sweep found.
struct EdgePairs {
    private let test: NeighbourTest
    /// The items, by tree position, and the subtree each belongs to (its left end, or a negative
    /// number of its own for a splitting item).
    private var positions: [Int32] = []
    private var subtrees: [Int32] = []
    /// Directed neighbour pairs: the item's tree position above its neighbour's.
    private var pairs: [UInt64] = []

    init(radius: Double) {
        test = NeighbourTest(radius: radius)
    }

    /// Adds the item at tree `position`, of the subtree `subtree`.
    mutating func add(_ position: Int, subtree: Int) {
        positions.append(Int32(truncatingIfNeeded: position))
        subtrees.append(Int32(truncatingIfNeeded: subtree))
    }

    /// Takes in the items and pairs `other` gathered (in other subtrees of the same level).
    mutating func absorb(_ other: EdgePairs) {
        positions.append(contentsOf: other.positions)
        subtrees.append(contentsOf: other.subtrees)
        pairs.append(contentsOf: other.pairs)
    }

    /// Records `neighbour` (a tree position) as within the radius of item `position`.
    mutating func addPair(_ position: Int, _ neighbour: Int) {
        pairs.append(UInt64(UInt32(truncatingIfNeeded: position)) << 32 | UInt64(UInt32(truncatingIfNeeded: neighbour)))
    }

    /// Finds the pairs of items in different subtrees.
    mutating func findPairsAcross(_ entries: UnsafeBufferPointer<KDEntry>, exact: ExactCoordinates) {
        let count = positions.count
        guard count > 1 else { return }
        // Cells at least `reach` wide, at most 2^20 a side: a pair is in one cell or two next to each other.
        let width = max(test.reach * 1.0001, 1.0 / Double(1 << 20))
        let cellsPerSide = Int((1 / width).rounded(.down)) + 1
        let exactX = [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
            for e in 0..<count { buffer[e] = exact.of(entries[Int(positions[e])]).0 }
            initialized = count
        }
        let exactY = [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
            for e in 0..<count { buffer[e] = exact.of(entries[Int(positions[e])]).1 }
            initialized = count
        }
        // Items by cell: the cell's row and column above the item's number.
        var cells = [UInt64](repeating: 0, count: count)
        for e in 0..<count {
            let entry = entries[Int(positions[e])]
            let column = min(cellsPerSide - 1, max(0, Int(Double(entry.x) / width)))
            let row = min(cellsPerSide - 1, max(0, Int(Double(entry.y) / width)))
            cells[e] = UInt64(row) << 21 | UInt64(column)
        }
        let byCell: [(cell: UInt64, item: Int32)]
        if count < 1 << 22 {
            var keys = (0..<count).map { cells[$0] << 22 | UInt64($0) }
            keys.sort()
            byCell = keys.map { ($0 >> 22, Int32(truncatingIfNeeded: $0 & (1 << 22 - 1))) }
        } else {
            byCell = (0..<count).map { (cells[$0], Int32($0)) }.sorted { ($0.cell, $0.item) < ($1.cell, $1.item) }
        }

        /// Checks item `a` against the items at `range` of `byCell`.
        func compare(_ a: Int, with range: Range<Int>) {
            let ea = entries[Int(positions[a])]
            let ax = Double(ea.x), ay = Double(ea.y)
            for k in range {
                let b = Int(byCell[k].item)
                guard subtrees[a] != subtrees[b] else { continue }
                let eb = entries[Int(positions[b])]
                let bx = Double(eb.x), by = Double(eb.y)
                guard test.near(ax, ay, bx, by) else { continue }
                if test.within(exactX: exactX[a], exactY: exactY[a], treeX: bx, treeY: by) { addPair(Int(positions[a]), Int(positions[b])) }
                if test.within(exactX: exactX[b], exactY: exactY[b], treeX: ax, treeY: ay) { addPair(Int(positions[b]), Int(positions[a])) }
            }
        }
        /// The first place in `byCell` at or after `cell`.
        func lowerBound(_ cell: UInt64) -> Int {
            var low = 0, high = byCell.count
            while low < high {
                let middle = (low + high) / 2
                if byCell[middle].cell < cell { low = middle + 1 } else { high = middle }
            }
            return low
        }

        var k = 0
        while k < count {
            let cell = byCell[k].cell
            let row = cell >> 21, column = cell & (1 << 21 - 1)
            // This cell's run, the cell to its right, and the three cells of the next row.
            var runEnd = k
            while runEnd < count, byCell[runEnd].cell == cell { runEnd += 1 }
            var rightEnd = runEnd
            while rightEnd < count, byCell[rightEnd].cell == cell + 1 { rightEnd += 1 }
            let below = lowerBound((row + 1) << 21 | (column > 0 ? column - 1 : 0))
            var belowEnd = below
            while belowEnd < count, byCell[belowEnd].cell <= (row + 1) << 21 | (column + 1) { belowEnd += 1 }
            for s in k..<runEnd {
                let a = Int(byCell[s].item)
                compare(a, with: (s + 1)..<rightEnd)
                compare(a, with: below..<belowEnd)
            }
            k = runEnd
        }
    }

    /// Records every item with its neighbours into `output`.
    mutating func record(_ entries: UnsafeBufferPointer<KDEntry>, output: inout ListOutput) {
        positions.sort()
        pairs.sort()
        pairs.withUnsafeBufferPointer { pairs in
            var next = 0
            for position in positions {
                let position = Int(position)
                let first = next
                while next < pairs.count, Int(pairs[next] >> 32) == position { next += 1 }
                let neighbours = UnsafeBufferPointer(rebasing: pairs[first..<next]).lazy.map { Int($0 & 0xFFFF_FFFF) }
                output.record(position, neighbours: neighbours, entries)
            }
        }
    }
}
