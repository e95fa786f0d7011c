/// Every item's neighbours at one zoom level, found in the KD-tree's own order and kept for the
/// clustering pass, which visits items in index order.
///
/// Searching in tree order is what makes clustering fast: consecutive searches start from nearby
/// points, so they walk the same branches and leaves while those are still in the cache, where
/// searches in index order (the input's order, usually spatially random) miss it at every node.
/// The lists hold the same ids in the same order as a search made at clustering time would return.
///
/// Where items crowd together (a level at low zoom, a dataset of one city), the lists would grow
/// with the square of the items; past `budget` ids the lists are not made, and clustering searches
/// as it goes instead (there, most items are absorbed before their turn and need no search).
struct NeighbourLists {
    /// Where each tree position's list ends in `ids`.
    private var ends: [Int32] = []
    private var ids: [Int32] = []
    /// The tree position of each item (the inverse of the tree's id order).
    private var positionOf: [Int32] = []

    /// Searches around every item, or returns nil when the lists would pass `budget` ids.
    /// `exact(position)` gives the search centre of the item at a tree position.
    init?(tree: KDTree, radius: Double, budget: Int, exact: (Int) -> (Double, Double)) {
        let count = tree.count
        ends.reserveCapacity(count)
        ids.reserveCapacity(min(budget, count * 2))
        var found: [Int32] = []
        found.reserveCapacity(256)
        var stack = KDStack()
        for position in 0..<count {
            let (x, y) = exact(position)
            tree.within(x, y, radius, into: &found, stack: &stack)
            guard ids.count + found.count <= budget else { return nil }
            ids.append(contentsOf: found)
            ends.append(Int32(ids.count))
        }
        positionOf = [Int32](repeating: 0, count: count)
        tree.ids.withUnsafeBufferPointer { treeIDs in
            for position in 0..<count { positionOf[Int(treeIDs[position])] = Int32(position) }
        }
    }

    /// The neighbours of item `item` (its index in the level), as the search returned them.
    @inline(__always)
    func neighbours(of item: Int) -> ArraySlice<Int32> {
        let position = Int(positionOf[item])
        let start = position == 0 ? 0 : Int(ends[position - 1])
        return ids[start..<Int(ends[position])]
    }
}
