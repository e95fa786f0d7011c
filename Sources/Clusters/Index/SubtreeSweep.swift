/// The pairs of items within the radius of each other in one KD-tree subtree, for
/// ``NeighbourLists``.
///
/// The subtree's items are put in a grid of cells a little wider than the radius (or in strips
/// along x, where those are as narrow), and each is compared with the others of its cell after it
/// and those of the next cells (right, and the three below); a pair that close in x and y is
/// checked exactly in each direction (an item's own coordinates are exact, its neighbour's those
/// of the tree, as in kdbush's search). An item farther than the radius from
/// every edge of the subtree's cell (an interior item) has all its neighbours in the subtree and
/// is recorded at once; the others go to ``EdgePairs`` with the pairs found so far.
struct SubtreeSweep {
    private let test: NeighbourTest
    private let tables: SweepTables
    /// Directed neighbour pairs found: the item's offset above its neighbour's.
    private var pairs: [UInt32] = []
    /// The same pairs grouped by item (``groupPairsByItem(count:)``).
    private var grouped: [UInt32] = []

    /// How many items ahead a centroid, or a list's start, is asked for.
    private static let prefetchDistance = 16

    init(capacity: Int, radius: Double) {
        test = NeighbourTest(radius: radius)
        tables = SweepTables(capacity: capacity)
        pairs.reserveCapacity(256)
        grouped.reserveCapacity(256)
    }

    /// Records the interior items of the subtree `cell` into `output` and hands the others to
    /// `edges`.
    mutating func run(_ entries: UnsafeBufferPointer<KDEntry>, _ cell: TreeCell, exact: ExactCoordinates,
                      output: inout ListOutput, edges: inout EdgePairs) {
        let left = cell.left, count = cell.right - cell.left + 1
        prepare(entries, cell, exact: exact)
        findPairs(count: count)
        groupPairsByItem(count: count)
        let interior = tables.interior
        guard !pairs.isEmpty else {
            // Nobody has a neighbour here: interior items stay alone, the others may have some across.
            for offset in 0..<count where !interior[offset] { edges.add(left + offset, subtree: left) }
            return
        }
        grouped.withUnsafeBufferPointer { pairs in
            var next = 0
            for offset in 0..<count {
                let position = left + offset
                // The list's start is written by level index, far from the last: asked for ahead.
                if next + Self.prefetchDistance < pairs.count {
                    output.prefetchStart(of: entries[left + Int(pairs[next + Self.prefetchDistance] >> 16)])
                }
                let first = next
                while next < pairs.count, Int(pairs[next] >> 16) == offset { next += 1 }
                let neighbours = UnsafeBufferPointer(rebasing: pairs[first..<next]).lazy.map { left + Int($0 & 0xFFFF) }
                if interior[offset] {
                    output.record(position, neighbours: neighbours, entries)
                } else {
                    edges.add(position, subtree: left, neighbours: neighbours)
                }
            }
        }
    }

    /// Fills the per-offset tables and sorts the offsets into a grid of cells at least `reach`
    /// wide and high, or into strips along x at least `reach` wide (at most one cell an item).
    private func prepare(_ entries: UnsafeBufferPointer<KDEntry>, _ cell: TreeCell, exact: ExactCoordinates) {
        let left = cell.left, count = cell.right - cell.left + 1, reach = test.reach
        let t = tables
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        // A cluster's centroid lies apart from its entry: it is asked for some items ahead.
        for offset in 0..<min(count, Self.prefetchDistance) { exact.prefetch(entries[left + offset]) }
        for offset in 0..<count {
            if offset + Self.prefetchDistance < count { exact.prefetch(entries[left + offset + Self.prefetchDistance]) }
            let entry = entries[left + offset]
            let (x, y) = exact.of(entry)
            let treeX = Double(entry.x), treeY = Double(entry.y)
            t.exactX[offset] = x
            t.exactY[offset] = y
            t.treeX[offset] = treeX
            t.treeY[offset] = treeY
            t.interior[offset] = cell.holds(x, y, radius: reach)
            minX = min(minX, treeX)
            maxX = max(maxX, treeX)
            minY = min(minY, treeY)
            maxY = max(maxY, treeY)
        }
        var columns = max(1, ((maxX - minX) / (reach * 1.0001)).rounded(.down))
        var rows = max(1, ((maxY - minY) / (reach * 1.0001)).rounded(.down))
        let most = Double(count)
        // Each item meets about the items of 2 cells in a row of strips, of 4.5 in a grid: strips
        // alone do better where even they can be narrow enough for one item each.
        if 2 / min(most, columns) <= 4.5 / min(most, columns * rows) {
            columns = min(most, columns)
            rows = 1
        } else if columns * rows > most {
            let shrink = (most / (columns * rows)).squareRoot()
            columns = min(most, max(1, (columns * shrink).rounded(.down)))
            rows = min((most / columns).rounded(.down), max(1, (rows * shrink).rounded(.down)))
        }
        let gridColumns = Int(columns), gridRows = Int(rows), cells = gridColumns * gridRows
        let scaleX = maxX > minX ? columns / (maxX - minX) : 0
        let scaleY = maxY > minY ? rows / (maxY - minY) : 0
        let starts = t.cellStart
        for c in 0...cells { starts[c] = 0 }
        for offset in 0..<count {
            let column = min(gridColumns - 1, Int((t.treeX[offset] - minX) * scaleX))
            let row = min(gridRows - 1, Int((t.treeY[offset] - minY) * scaleY))
            let c = row * gridColumns + column
            t.cell[offset] = Int32(truncatingIfNeeded: c)
            starts[c + 1] &+= 1
        }
        for c in 0..<cells { starts[c + 1] &+= starts[c] }
        // Offsets by cell, each cell in offset order (`starts` moves to each cell's end and back),
        // with their tree coordinates beside them, which the sweep reads in that order.
        for offset in 0..<count {
            let c = Int(t.cell[offset])
            let slot = Int(starts[c])
            t.byCell[slot] = UInt16(truncatingIfNeeded: offset)
            t.cellX[slot] = t.treeX[offset]
            t.cellY[slot] = t.treeY[offset]
            starts[c] &+= 1
        }
        var c = cells
        while c > 0 { starts[c] = starts[c - 1]; c -= 1 }
        starts[0] = 0
        t.gridColumns = gridColumns
        t.gridRows = gridRows
    }

    /// Collects in `pairs` every (item, neighbour) of the subtree: each item against the others of
    /// its cell after it, those of the cell to its right, and those of the three cells below.
    private mutating func findPairs(count: Int) {
        pairs.removeAll(keepingCapacity: true)
        let t = tables
        _ = CellNeighbourhood.sweep(starts: t.cellStart, columns: t.gridColumns, rows: t.gridRows) { cell, rightEnd, below in
            for s in cell {
                let a = Int(t.byCell[s])
                compare(a, with: (s + 1)..<rightEnd)
                compare(a, with: below)
            }
            return true
        }
    }

    /// Puts the pairs in `grouped` by item offset, in one counting pass: a list is put in search
    /// order when it is recorded and the pairs of edge items are sorted whole, so the order
    /// within an item's pairs does not matter.
    private mutating func groupPairsByItem(count: Int) {
        let starts = tables.pairStart
        for offset in 0...count { starts[offset] = 0 }
        for pair in pairs { starts[Int(pair >> 16) + 1] &+= 1 }
        for offset in 0..<count { starts[offset + 1] &+= starts[offset] }
        let total = pairs.count
        if grouped.count < total { grouped.append(contentsOf: repeatElement(0, count: total - grouped.count)) }
        grouped.withUnsafeMutableBufferPointer { grouped in
            for pair in pairs {
                let item = Int(pair >> 16)
                grouped[Int(starts[item])] = pair
                starts[item] &+= 1
            }
        }
        if grouped.count > total { grouped.removeLast(grouped.count - total) }
    }

    /// Checks item `a` against the items at `range` of the cell-sorted offsets, both ways.
    @inline(__always)
    private mutating func compare(_ a: Int, with range: Range<Int>) {
        let t = tables
        let ax = t.treeX[a], ay = t.treeY[a]
        for u in range {
            guard test.near(ax, ay, t.cellX[u], t.cellY[u]) else { continue }
            let other = Int(t.byCell[u])
            check(a, other)
            check(other, a)
        }
    }

    /// Records `neighbour` as a neighbour of `item` when it is within the radius of the item's
    /// exact position.
    @inline(__always)
    private mutating func check(_ item: Int, _ neighbour: Int) {
        let t = tables
        if test.within(exactX: t.exactX[item], exactY: t.exactY[item], treeX: t.treeX[neighbour], treeY: t.treeY[neighbour]) {
            pairs.append(UInt32(item) << 16 | UInt32(neighbour))
        }
    }
}

/// The per-item scratch tables of a ``SubtreeSweep``, allocated once for the largest subtree.
final class SweepTables {
    let exactX: UnsafeMutablePointer<Double>
    let exactY: UnsafeMutablePointer<Double>
    let treeX: UnsafeMutablePointer<Double>
    let treeY: UnsafeMutablePointer<Double>
    let interior: UnsafeMutablePointer<Bool>
    /// Each offset's grid cell; the offsets by cell; where each cell starts in them (at most one
    /// cell an item).
    let cell: UnsafeMutablePointer<Int32>
    let byCell: UnsafeMutablePointer<UInt16>
    /// The tree coordinates of the offsets by cell (`treeX[byCell[u]]` at `u`).
    let cellX: UnsafeMutablePointer<Double>
    let cellY: UnsafeMutablePointer<Double>
    let cellStart: UnsafeMutablePointer<Int32>
    /// Where each offset's pairs start while they are grouped by item.
    let pairStart: UnsafeMutablePointer<Int32>
    var gridColumns = 1
    var gridRows = 1

    init(capacity: Int) {
        exactX = .allocate(capacity: capacity)
        exactY = .allocate(capacity: capacity)
        treeX = .allocate(capacity: capacity)
        treeY = .allocate(capacity: capacity)
        interior = .allocate(capacity: capacity)
        cell = .allocate(capacity: capacity)
        byCell = .allocate(capacity: capacity)
        cellX = .allocate(capacity: capacity)
        cellY = .allocate(capacity: capacity)
        cellStart = .allocate(capacity: capacity + 2)
        pairStart = .allocate(capacity: capacity + 1)
    }

    deinit {
        for pointer in [UnsafeMutableRawPointer(exactX), UnsafeMutableRawPointer(exactY), UnsafeMutableRawPointer(treeX),
                        UnsafeMutableRawPointer(treeY), UnsafeMutableRawPointer(interior),
                        UnsafeMutableRawPointer(cell), UnsafeMutableRawPointer(byCell), UnsafeMutableRawPointer(cellX),
                        UnsafeMutableRawPointer(cellY), UnsafeMutableRawPointer(cellStart),
                        UnsafeMutableRawPointer(pairStart)] {
            pointer.deallocate()
        }
    }
}
