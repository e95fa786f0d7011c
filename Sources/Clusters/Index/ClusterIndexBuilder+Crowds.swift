/// Clustering a level with a few crowds: where some items have two neighbours or more but few
/// do, only their lists need a search's order, and only the part of the level's tree that holds
/// them is sorted to settle it (``KDSorter/sort(_:around:threads:)``); the rest of the tree waits
/// for a query (``LevelTree``), as a level of pairs only does.
extension ClusterIndexBuilder {
    /// One level down (supercluster's `_cluster`) where each item's neighbours are `sets`, some
    /// items having two or more (``clusterSets(_:sets:zoom:reusing:rank:)``). The level's entries are laid
    /// out in `storage` (the last level's, emptied), given back emptied, and the next level's items
    /// in `spare` (as ``clusterSets(_:sets:zoom:reusing:rank:)`` does). Returns the next level's
    /// items and the level, its layout sorted around the crowds.
    mutating func clusterCrowds(_ order: [Int32], sets: NeighbourSets, zoom: Int, in storage: inout [KDEntry],
                                reusing spare: consuming [Int32]) -> (next: [Int32], level: LevelTree) {
        let first = clusterCount.count
        var taken: [KDEntry] = []
        swap(&taken, &storage)
        var entries = levelEntries(order, in: consume taken)
        let nodeSize = KDTree.nodeSize(options.nodeSize)
        // The crowds' members and owners are sorted around; any item with a neighbour may be a
        // child of a pair, whose position in the layout the level keeps.
        var wanted: [SIMD2<Float>] = []
        for (k, crowd) in sets.crowds.enumerated() {
            for index in crowd + [sets.crowdOwners[k]] {
                let handle = Int(order[Int(index)])
                wanted.append(SIMD2(itemX[handle], itemY[handle]))
            }
        }
        let unsorted = entries.withUnsafeMutableBufferPointer { KDSorter(nodeSize: nodeSize).sort($0, around: wanted, threads: threads) }
        // Each involved item's position in the layout, by its number among the involved.
        let before = sets.involvedBefore()
        let position = UnsafeMutableBufferPointer<Int32>.allocate(capacity: Int(before.last!))
        defer { position.deallocate() }
        for (p, entry) in entries.enumerated() where sets.isInvolved(Int(entry.index)) {
            position[sets.involvedNumber(of: Int(entry.index), before: before)] = Int32(truncatingIfNeeded: p)
        }
        let positionOf = { (index: Int32) in position[sets.involvedNumber(of: Int(index), before: before)] }
        var ranks = SearchRanks(count: order.count, nodeSize: nodeSize)
        let (next, pairIndexes) = clusterSets(order, sets: sets, zoom: zoom, reusing: spare) { ranks.rank(Int(positionOf($0))) }
        let pairPositions = pairIndexes.map(positionOf)
        let level = LevelTree(layout: entries, unsorted: unsorted, bound: handleBound, nodeSize: options.nodeSize,
                              pairs: first..<clusterCount.count, pairPositions: pairPositions, threads: threads)
        entries.removeAll(keepingCapacity: true)
        storage = consume entries
        return (next, level)
    }
}
