import Synchronization

/// One zoom level of a ``ClusterIndex`` as it is kept for queries: the level's items (points and
/// clusters, by handle) in the order of the KD-tree supercluster builds for the level, without
/// their coordinates, which every level shares through the index's item table. Keeping 3 bytes an
/// item instead of 12 is what lets 10⁶ points and their 18 levels fit in little memory.
///
/// A level whose tree the build did not need whole (``SparseNeighbours/neighbourSets(order:zoom:radius:exact:x:y:mostCrowds:)``)
/// keeps its items in level order, or in a layout sorted only around the few items whose search
/// order the build needed (``KDSorter/sort(_:around:)``), and finishes the tree the first time a
/// query needs it, once, whichever thread asks first (the others wait for it). The clusters made
/// there of two items list their children in the order of a search of this tree: that order is
/// settled with the tree.
final class LevelTree: Sendable {
    let count: Int
    let nodeSize: Int
    /// The handles in KD order, or in a layout with ``unsorted`` ranges while the tree is not made.
    private let items: PackedHandles
    private let unsorted: [KDRange]
    private var sorted: Bool { unsorted.isEmpty }
    /// Every handle is below this.
    private let bound: Int
    /// Cluster numbers made from this level whose children may wait for its tree, and the
    /// positions in ``items`` of each one's first and second child (as recorded; the same position
    /// twice when the order was settled already).
    let pairs: Range<Int>
    private let pairPositions: [Int32]
    private let threads: Int
    /// The tree, once made, and for each pair whether a search lists its second child first.
    private let made = Mutex<(handles: PackedHandles, swapped: [Bool])?>(nil)

    /// The level of the tree whose entries are `entries` (in KD order), every handle below `bound`.
    convenience init(entries: [KDEntry], bound: Int, nodeSize: Int) {
        self.init(layout: entries, unsorted: [], bound: bound, nodeSize: nodeSize, pairs: 0..<0, pairPositions: [], threads: 1)
    }

    /// The level whose items are `order`, its tree to be made when a query needs it; `pairs` the
    /// clusters made from it, with the level indexes of their two children in `pairIndexes`.
    convenience init(order: [Int32], bound: Int, nodeSize: Int, pairs: Range<Int>, pairIndexes: [Int32], threads: Int) {
        let items = order.withUnsafeBufferPointer { order in PackedHandles(count: order.count, bound: bound) { order[$0] } }
        self.init(items: items, count: order.count, unsorted: order.count > 1 ? [KDRange(left: 0, right: order.count - 1, axis: 0)] : [],
                  bound: bound, nodeSize: nodeSize, pairs: pairs, pairPositions: pairIndexes, threads: threads)
    }

    /// The level whose entries are `layout`, a tree layout but for its `unsorted` ranges, which are
    /// sorted when a query needs the tree; `pairs` the clusters made from it, with the positions in
    /// `layout` of their two children in `pairPositions`.
    convenience init(layout: [KDEntry], unsorted: [KDRange], bound: Int, nodeSize: Int, pairs: Range<Int>,
                     pairPositions: [Int32], threads: Int) {
        let items = layout.withUnsafeBufferPointer { layout in PackedHandles(count: layout.count, bound: bound) { layout[$0].handle } }
        self.init(items: items, count: layout.count, unsorted: unsorted, bound: bound, nodeSize: nodeSize, pairs: pairs,
                  pairPositions: pairPositions, threads: threads)
    }

    private init(items: PackedHandles, count: Int, unsorted: [KDRange], bound: Int, nodeSize: Int, pairs: Range<Int>,
                 pairPositions: [Int32], threads: Int) {
        self.items = items
        self.count = count
        self.unsorted = unsorted
        self.bound = bound
        self.nodeSize = nodeSize
        self.pairs = pairs
        self.pairPositions = pairPositions
        self.threads = threads
    }

    /// How many ranges of the tree wait for a query: none once it is made, one for a level kept in
    /// level order, more for one sorted around its crowds.
    var unsortedRangeCount: Int { sorted || made.withLock({ $0 != nil }) ? 0 : unsorted.count }

    /// Bytes held (without a tree made later, which takes as many again).
    var byteCount: Int { items.byteCount }

    /// Calls `body` with every handle of the level, in no particular order.
    func forEachHandle(_ body: (Int32) -> Void) {
        items.withReader { items in for i in 0..<count { body(items[i]) } }
    }

    /// The handles in KD order, the tree made now if it was not. `x` and `y` give an item's tree
    /// coordinates.
    func handles(x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>) -> PackedHandles {
        sorted ? items : tree(x: x, y: y).handles
    }

    /// Whether the search of this level's tree lists the second recorded child of cluster number
    /// `number` (one of ``pairs``) before the first.
    func swapsChildren(ofCluster number: Int, x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>) -> Bool {
        tree(x: x, y: y).swapped[number - pairs.lowerBound]
    }

    /// Makes the tree now, if it is to be made later.
    func prepare(x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>) {
        if !sorted { _ = tree(x: x, y: y) }
    }

    private func tree(x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>) -> (handles: PackedHandles, swapped: [Bool]) {
        made.withLock { made in
            if let made { return made }
            let tree = makeTree(x: x, y: y)
            made = tree
            return tree
        }
    }

    /// kdbush's tree of the level's items, and which pairs it lists second child first.
    private func makeTree(x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>) -> (handles: PackedHandles, swapped: [Bool]) {
        var entries: [KDEntry] = []
        entries.reserveCapacity(count)
        items.withReader { items in
            for index in 0..<count {
                let handle = items[index]
                entries.append(KDEntry(x: x[Int(handle)], y: y[Int(handle)], index: Int32(truncatingIfNeeded: index), handle: handle))
            }
        }
        let tree = KDTree(entries: entries, nodeSize: nodeSize, unsorted: unsorted, threads: threads)
        let swapped = swappedPairs(tree.entries, nodeSize: tree.nodeSize)
        let handles = tree.entries.withUnsafeBufferPointer { entries in
            PackedHandles(count: entries.count, bound: bound) { entries[$0].handle }
        }
        return (handles, swapped)
    }

    /// For each pair, whether its second child comes before its first in search order.
    private func swappedPairs(_ entries: [KDEntry], nodeSize: Int) -> [Bool] {
        guard !pairs.isEmpty else { return [] }
        var position = [Int32](repeating: 0, count: count)
        for (p, entry) in entries.enumerated() { position[Int(entry.index)] = Int32(truncatingIfNeeded: p) }
        var ranks = SearchRanks(count: count, nodeSize: nodeSize)
        return (0..<pairs.count).map { k in
            ranks.rank(Int(position[Int(pairPositions[2 * k + 1])])) < ranks.rank(Int(position[Int(pairPositions[2 * k])]))
        }
    }

    /// The handles of the items inside the box, in kdbush's `range` order. `x` and `y` give an
    /// item's tree coordinates (Float32, as the tree compares them).
    func range(minX: Double, minY: Double, maxX: Double, maxY: Double,
               x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, into result: inout [Int32]) {
        guard count > 0 else { return }
        let nodeSize = self.nodeSize
        handles(x: x, y: y).withReader { handles in
            var stack = KDStack()
            stack.push(0, count - 1, 0)
            while let (left, right, axis, _) = stack.pop() {
                if right - left <= nodeSize {
                    for i in left...right {
                        let h = handles[i]
                        let px = Double(x[Int(h)]), py = Double(y[Int(h)])
                        if px >= minX && px <= maxX && py >= minY && py <= maxY { result.append(h) }
                    }
                    continue
                }
                let m = (left + right) >> 1
                let h = handles[m]
                let px = Double(x[Int(h)]), py = Double(y[Int(h)])
                if px >= minX && px <= maxX && py >= minY && py <= maxY { result.append(h) }
                if axis == 0 ? minX <= px : minY <= py { stack.push(left, m - 1, 1 - axis) }
                if axis == 0 ? maxX >= px : maxY >= py { stack.push(m + 1, right, 1 - axis) }
            }
        }
    }
}
