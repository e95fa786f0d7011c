/// Every item's neighbours at one zoom level, as the level's KD-tree would return them, found
/// mostly without searching the tree, in an order that keeps memory access sequential.
///
/// A KD-tree leaf covers a cell of the plane bounded by its ancestors' splits. An item farther
/// than the radius from every edge of its leaf's cell has all its neighbours in that leaf, and a
/// search would return them in position order: so they are found by scanning the leaf's items
/// sorted by x, without a walk from the root. Only items near a cell's edge (few, at the zooms
/// where nearly nothing clusters) and the splitting items of inner nodes are searched.
///
/// The lists are made in tree order, where consecutive items share their leaf in the cache; items
/// alone within the radius are only flagged, and the rest kept sorted by level index, so the
/// clustering pass, which visits items in index order, reads both front to back.
///
/// Where items crowd together the lists would grow with the square of the items; past `budget`
/// ids they are not made, and clustering searches the tree as it goes instead (there, most items
/// are absorbed before their turn and need no search).
struct NeighbourLists {
    /// Whether the item at each level index has no other item within the radius.
    private(set) var isolated: [Bool]
    /// The lists of the other items, by ascending level index: where each starts and ends in `ids`.
    private var lists: [(index: Int32, start: Int32, end: Int32)] = []
    /// Level indices, list after list, each list in the order a search returns it.
    private var ids: [Int32] = []

    /// Finds every item's neighbours, or returns nil when the lists would pass `budget` ids or a
    /// sample of items shows them crowded (more than 2 neighbours each on average).
    init?(tree: KDTree, radius: Double, budget: Int, exact: ExactCoordinates) {
        let count = tree.count
        guard !Self.crowded(tree, radius: radius, exact: exact) else { return nil }
        isolated = [Bool](repeating: false, count: count)
        guard count > 0 else { return }
        var found: [Int32] = []
        found.reserveCapacity(64)
        var searchStack = KDStack()
        // A leaf's items by x: the x's bits (ordered as the numbers are, x being 0...1) above the position.
        var byX: [UInt64] = []
        byX.reserveCapacity(tree.nodeSize + 1)
        // Widens the x window of a leaf scan past any rounding of `x − centre` (the distance test decides).
        let slack = radius * 1e-9 + 1e-15
        var cells = [LeafCell(left: 0, right: count - 1, axis: 0, minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)]
        var overBudget = false

        tree.entries.withUnsafeBufferPointer { entries in
            /// Records position `position`'s neighbours (tree positions in `found`).
            func record(_ position: Int) {
                let index = entries[position].index
                if found.count == 1 { isolated[Int(index)] = true; return }
                let start = Int32(ids.count)
                for neighbour in found { ids.append(entries[Int(neighbour)].index) }
                lists.append((index, start, Int32(ids.count)))
            }
            func search(_ position: Int) {
                let (x, y) = exact.of(entries[position])
                tree.within(x, y, radius, into: &found, stack: &searchStack)
                record(position)
            }

            while let cell = cells.popLast() {
                guard ids.count <= budget else { overBudget = true; return }
                if cell.right - cell.left <= tree.nodeSize {
                    guard cell.left <= cell.right else { continue }
                    byX.removeAll(keepingCapacity: true)
                    for position in cell.left...cell.right {
                        byX.append(UInt64(entries[position].x.bitPattern) << 32 | UInt64(position))
                    }
                    byX.sort()
                    let r2 = radius * radius
                    for position in cell.left...cell.right {
                        let (x, y) = exact.of(entries[position])
                        guard x - cell.minX > radius, cell.maxX - x > radius, y - cell.minY > radius, cell.maxY - y > radius else {
                            search(position)
                            continue
                        }
                        found.removeAll(keepingCapacity: true)
                        var low = 0, high = byX.count
                        while low < high {
                            let middle = (low + high) / 2
                            if Self.x(byX[middle]) < x - radius - slack { low = middle + 1 } else { high = middle }
                        }
                        var k = low
                        while k < byX.count, Self.x(byX[k]) <= x + radius + slack {
                            let candidate = Int(truncatingIfNeeded: byX[k] & 0xFFFF_FFFF)
                            let dx = Double(entries[candidate].x) - x, dy = Double(entries[candidate].y) - y
                            if dx * dx + dy * dy <= r2 { found.append(Int32(candidate)) }
                            k += 1
                        }
                        // A leaf is scanned in position order.
                        if found.count > 1 { found.sort() }
                        record(position)
                    }
                    continue
                }
                let m = (cell.left + cell.right) >> 1
                search(m)
                let split = Double(entries[m].coordinate(cell.axis))
                var lower = cell, upper = cell
                lower.right = m - 1
                upper.left = m + 1
                lower.axis = 1 - cell.axis
                upper.axis = 1 - cell.axis
                if cell.axis == 0 { lower.maxX = split; upper.minX = split } else { lower.maxY = split; upper.minY = split }
                cells.append(lower)
                cells.append(upper)
            }
        }
        if overBudget || ids.count > budget { return nil }
        lists.sort { $0.index < $1.index }
    }

    @inline(__always)
    private static func x(_ key: UInt64) -> Double {
        Double(Float(bitPattern: UInt32(truncatingIfNeeded: key >> 32)))
    }

    /// Whether items have more than 2 neighbours on average, from a search around at most 256
    /// evenly spread items.
    private static func crowded(_ tree: KDTree, radius: Double, exact: ExactCoordinates) -> Bool {
        let samples = min(tree.count, 256)
        guard samples > 0 else { return false }
        var found: [Int32] = []
        var stack = KDStack()
        var total = 0
        for sample in 0..<samples {
            let (x, y) = exact.of(tree.entries[sample * tree.count / samples])
            tree.within(x, y, radius, into: &found, stack: &stack)
            total += found.count - 1
        }
        return total > 2 * samples
    }

    /// The neighbours of item `item` (its level index), in the order a search returns them; nil
    /// when it is alone. Items must be asked in ascending order, with `cursor` kept between calls.
    @inline(__always)
    func neighbours(of item: Int, cursor: inout Int) -> ArraySlice<Int32>? {
        if isolated[item] { return nil }
        while lists[cursor].index < item { cursor += 1 }
        return ids[Int(lists[cursor].start)..<Int(lists[cursor].end)]
    }
}

/// A leaf or inner node of a KD-tree being walked, with the cell its ancestors' splits bound it to.
private struct LeafCell {
    var left: Int
    var right: Int
    var axis: Int
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double
}

/// An item's exact coordinates, as supercluster's level data holds them: a point's Float32
/// projection, a cluster's Double centroid (its tree coordinates are that rounded to Float32).
struct ExactCoordinates {
    let pointCount: Int
    let clusterX: UnsafeBufferPointer<Double>
    let clusterY: UnsafeBufferPointer<Double>

    @inline(__always)
    func of(_ entry: KDEntry) -> (Double, Double) {
        let handle = Int(entry.handle)
        return handle < pointCount ? (Double(entry.x), Double(entry.y))
            : (clusterX[handle - pointCount], clusterY[handle - pointCount])
    }
}
