import Synchronization

/// One zoom level of a ``ClusterIndex`` as it is kept for queries: the level's items (points and
/// clusters, by handle) in the order of the KD-tree supercluster builds for the level, without
/// their coordinates, which every level shares through the index's item table. Keeping 3 bytes an
/// item instead of 12 is what lets 10⁶ points and their 18 levels fit in little memory.
///
/// A level whose tree the build did not need (``SparseNeighbours/partners(order:zoom:radius:exact:x:y:)``)
/// keeps its items in level order and sorts them into the tree the first time a query needs it,
/// once, whichever thread asks first (the others wait for it). The clusters made from such a
/// level are pairs, whose two children are listed in the order of a search of this tree: that
/// order is settled with the tree.
final class LevelTree: Sendable {
    let count: Int
    let nodeSize: Int
    /// The handles in KD order, or in level order while the tree is not made.
    private let items: PackedHandles
    private let sorted: Bool
    /// Every handle is below this.
    private let bound: Int
    /// Cluster numbers made from this level whose children wait for its tree, and the level
    /// indexes of each one's first and second child (as recorded).
    let pairs: Range<Int>
    private let pairIndexes: [Int32]
    private let threads: Int
    /// The tree, once made, and for each pair whether a search lists its second child first.
    private let made = Mutex<(handles: PackedHandles, swapped: [Bool])?>(nil)

    /// The level of the tree whose entries are `entries` (in KD order), every handle below `bound`.
    init(entries: [KDEntry], bound: Int, nodeSize: Int) {
        items = entries.withUnsafeBufferPointer { entries in
            PackedHandles(count: entries.count, bound: bound) { entries[$0].handle }
        }
        count = entries.count
        sorted = true
        self.bound = bound
        self.nodeSize = nodeSize
        pairs = 0..<0
        pairIndexes = []
        threads = 1
    }

    /// The level whose items are `order`, its tree to be made when a query needs it; `pairs` the
    /// clusters made from it, with the level indexes of their two children in `pairIndexes`.
    init(order: [Int32], bound: Int, nodeSize: Int, pairs: Range<Int>, pairIndexes: [Int32], threads: Int) {
        items = order.withUnsafeBufferPointer { order in PackedHandles(count: order.count, bound: bound) { order[$0] } }
        count = order.count
        sorted = false
        self.bound = bound
        self.nodeSize = nodeSize
        self.pairs = pairs
        self.pairIndexes = pairIndexes
        self.threads = threads
    }

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

    /// kdbush's tree of the level's items in level order, and which pairs it lists second child first.
    private func makeTree(x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>) -> (handles: PackedHandles, swapped: [Bool]) {
        var entries: [KDEntry] = []
        entries.reserveCapacity(count)
        items.withReader { items in
            for index in 0..<count {
                let handle = items[index]
                entries.append(KDEntry(x: x[Int(handle)], y: y[Int(handle)], index: Int32(truncatingIfNeeded: index), handle: handle))
            }
        }
        let tree = KDTree(entries: entries, nodeSize: nodeSize, threads: threads)
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
            ranks.rank(Int(position[Int(pairIndexes[2 * k + 1])])) < ranks.rank(Int(position[Int(pairIndexes[2 * k])]))
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
