internal import Parallel

/// Every item's neighbours at one zoom level, as the level's KD-tree would return them, found
/// without searching the tree, in an order that keeps memory access sequential.
///
/// A search lists what it finds in the tree's search order (``SearchRanks``), so how the
/// neighbours are found does not matter. The tree is walked down to subtrees of a couple of thousand
/// items, whose cells its splits bound: within each, one sweep finds every pair of items within
/// the radius (``SubtreeSweep``). An item farther than the radius from every edge of its cell has
/// all its neighbours there. The others, near an edge, and the splitting items above the subtrees
/// can have neighbours across a split, which are near an edge too: one more sweep over only those
/// items finds the pairs across (``EdgePairs``).
///
/// The lists are made in tree order, where consecutive items share their subtree in the cache,
/// and found by level index, in which the clustering pass visits the items; an item alone within
/// the radius has none.
///
/// Where items crowd together the lists would grow with the square of the items; past `budget`
/// ids they are not made, and clustering searches the tree as it goes instead (there, most items
/// are absorbed before their turn and need no search).
struct NeighbourLists {
    /// The most items a subtree swept at once holds (or one leaf, when leaves are larger).
    static let subtreeSize = 2048

    /// Per level index: where its list starts in `ids`, or -1 when it is alone within the radius.
    private var starts: [Int32]
    /// Each list: its length, then its members' tree positions in the order a search returns them.
    private var ids: [Int32]

    /// Finds every item's neighbours, or returns nil when the lists would pass `budget` ids or a
    /// sample of items shows them crowded (more than `crowding` neighbours each on average).
    init?(tree: KDTree, radius: Double, budget: Int, crowding: Int, exact: ExactCoordinates, threads: Int = 1) {
        let count = tree.count
        guard !Self.crowded(tree, radius: radius, limit: crowding, exact: exact) else { return nil }
        let subtreeSize = max(Self.subtreeSize, tree.nodeSize + 1)
        // The budget is checked between subtrees, so one subtree's lists may pass it; a budget
        // far above the usual is not reserved whole (the lists grow past the reservation). The
        // first part reserves room for every part's lists, which are appended to its own.
        let expectedIDs = min(budget, 4 * count + 1024) + subtreeSize * 8
        var edges = EdgePairs(radius: radius)
        var cells = count > 0 ? [TreeCell(count: count)] : []
        let parts = threads > 1 && count >= Self.parallelMinimum ? min(8, threads) : 1
        let sweep = tree.entries.withUnsafeBufferPointer { entries in
            // The top of the tree, split on one thread until there is a subtree for each part.
            while cells.count < parts, let largest = cells.indices.max(by: { cells[$0].size < cells[$1].size }),
                  cells[largest].size >= subtreeSize {
                let cell = cells.remove(at: largest)
                let m = (cell.left + cell.right) >> 1
                edges.add(m, subtree: -1 - m)
                let (lower, upper) = cell.split(at: Double(entries[m].coordinate(cell.axis)), middle: m)
                cells.append(lower)
                cells.append(upper)
            }
            nonisolated(unsafe) let shared = entries
            let swept = ParallelRuns.map(parts == 1 ? 1 : cells.count) { part in
                Self.sweep(parts == 1 ? cells : [cells[part]], shared, count: count, nodeSize: tree.nodeSize, radius: radius,
                           subtreeSize: subtreeSize, budget: budget, expectedIDs: part == 0 ? expectedIDs : expectedIDs / cells.count,
                           exact: exact)
            }
            var merged = swept[0]
            for other in swept.dropFirst() { merged.absorb(other) }
            return merged
        }
        guard !sweep.overBudget else { return nil }
        var output = sweep.output
        edges.absorb(sweep.edges)
        tree.entries.withUnsafeBufferPointer { entries in
            edges.findPairsAcross(entries, exact: exact, threads: threads)
            edges.record(entries, output: &output)
        }
        if output.idCount > budget { return nil }
        (starts, ids) = output.finish()
    }

    /// Levels smaller than this are swept on one thread.
    static let parallelMinimum = 1 << 15

    /// What sweeping some subtrees of a level found: the lists of their interior items, the items
    /// near their edges, and whether the lists passed the budget.
    private struct Sweep {
        var output: ListOutput
        var edges: EdgePairs
        var overBudget: Bool

        mutating func absorb(_ other: Sweep) {
            output.absorb(other.output)
            edges.absorb(other.edges)
            overBudget = overBudget || other.overBudget
        }
    }

    /// Sweeps the subtrees under `cells`, splitting those larger than `subtreeSize`.
    private static func sweep(_ cells: [TreeCell], _ entries: UnsafeBufferPointer<KDEntry>, count: Int, nodeSize: Int,
                              radius: Double, subtreeSize: Int, budget: Int, expectedIDs: Int,
                              exact: ExactCoordinates) -> Sweep {
        var cells = cells
        var output = ListOutput(count: count, nodeSize: nodeSize, expectedIDs: expectedIDs)
        var sweep = SubtreeSweep(capacity: subtreeSize, radius: radius)
        var edges = EdgePairs(radius: radius)
        while let cell = cells.popLast() {
            guard output.idCount <= budget else { return Sweep(output: output, edges: edges, overBudget: true) }
            guard cell.left <= cell.right else { continue }
            if cell.right - cell.left < subtreeSize {
                sweep.run(entries, cell, exact: exact, output: &output, edges: &edges)
                continue
            }
            let m = (cell.left + cell.right) >> 1
            edges.add(m, subtree: -1 - m)
            let (lower, upper) = cell.split(at: Double(entries[m].coordinate(cell.axis)), middle: m)
            cells.append(lower)
            cells.append(upper)
        }
        return Sweep(output: output, edges: edges, overBudget: false)
    }

    /// The lists recorded in `output`.
    init(_ output: consuming ListOutput) {
        (starts, ids) = output.finish()
    }

    /// Whether items have more than `limit` neighbours on average, from a search around at most
    /// 256 evenly spread items.
    private static func crowded(_ tree: KDTree, radius: Double, limit: Int, exact: ExactCoordinates) -> Bool {
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
        return total > limit * samples
    }

    /// Calls `body` with a ``Reader`` of the lists.
    func withReader<Result>(_ body: (Reader) throws -> Result) rethrows -> Result {
        try starts.withUnsafeBufferPointer { starts in
            try ids.withUnsafeBufferPointer { ids in try body(Reader(starts: starts, ids: ids)) }
        }
    }

    /// The lists seen through buffer pointers, without an array slice (and its reference count)
    /// per item. Valid only inside ``withReader(_:)``.
    struct Reader {
        let starts: UnsafeBufferPointer<Int32>
        let ids: UnsafeBufferPointer<Int32>

        /// The tree positions of the neighbours of item `item` (its level index), itself included,
        /// in the order a search returns them; nil when it is alone.
        @inline(__always)
        func neighbours(of item: Int) -> UnsafeBufferPointer<Int32>? {
            let start = Int(starts[item])
            guard start >= 0 else { return nil }
            return UnsafeBufferPointer(rebasing: ids[(start + 1)..<(start + 1 + Int(ids[start]))])
        }
    }
}
