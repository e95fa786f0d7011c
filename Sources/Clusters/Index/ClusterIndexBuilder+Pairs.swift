/// Clustering a level without its whole KD-tree: where an item has one neighbour, a search's order
/// matters only to which child of their pair is listed first, which the level's tree settles when
/// a query needs it (``LevelTree``); where it has more, their search ranks order its list.
extension ClusterIndexBuilder {
    /// Each item's neighbours at `zoom`, when the level whose items are `order` can be clustered
    /// without its whole tree; nil otherwise.
    func neighbourSets(_ order: [Int32], zoom: Int, sparse: inout SparseNeighbours?) -> NeighbourSets? {
        guard skipsTrees, sparse != nil else { return nil }
        let radius = options.radius / (options.extent * pow2(zoom))
        return clusterX.withUnsafeBufferPointer { clusterX in
            clusterY.withUnsafeBufferPointer { clusterY in
                itemX.withUnsafeBufferPointer { x in
                    itemY.withUnsafeBufferPointer { y in
                        let exact = ExactCoordinates(pointCount: pointCount, clusterX: clusterX, clusterY: clusterY)
                        return sparse!.neighbourSets(order: order, zoom: zoom, radius: radius, exact: exact, x: x, y: y,
                                                     mostCrowds: order.count / Self.itemsPerCrowd)
                    }
                }
            }
        }
    }

    /// A level is clustered around its crowds (``clusterCrowds(_:sets:zoom:in:)``) while it has at
    /// most one item with two neighbours or more in this many; past that, sorting only around them
    /// saves little of its whole tree.
    static let itemsPerCrowd = 64

    /// One level down (supercluster's `_cluster`) where each item's neighbours are `sets`: the
    /// same clusters, in the same order, as a search of the tree gives. A pair's children are
    /// recorded origin first; a longer list is put in search order by `rank` (of a level index,
    /// asked only for the items of ``NeighbourSets/crowds`` and their owners). Returns the next
    /// level's items and, for every cluster made, the level indexes of the two children whose
    /// order a search may still swap (the origin's twice for a list put in order already). The
    /// next level's items are written in `spare` (an earlier level's, emptied), whose pages are
    /// mapped already.
    mutating func clusterSets(_ order: [Int32], sets: NeighbourSets, zoom: Int, reusing spare: consuming [Int32],
                              rank: (Int32) -> Int32) -> (next: [Int32], pairIndexes: [Int32]) {
        let visited = UnsafeMutableBufferPointer<Bool>.allocate(capacity: order.count)
        visited.initialize(repeating: false)
        // The neighbours of the item clustered, as a search of its tree would hold them.
        let list = UnsafeMutableBufferPointer<KDEntry>.allocate(capacity: sets.crowds.reduce(2) { max($0, $1.count + 1) })
        defer {
            visited.deallocate()
            list.deallocate()
        }
        var next = spare
        next.removeAll(keepingCapacity: true)
        next.reserveCapacity(order.count)
        var pairIndexes: [Int32] = []
        var members: [Int32] = []
        order.withUnsafeBufferPointer { order in
            var pass = LevelPass(zoom: zoom, order: order, entries: UnsafeBufferPointer(list), visited: visited)
            // The items between two involved ones have no neighbour and are no one's: they pass
            // on as they are, in one copy.
            var passed = 0
            sets.forEachInvolved { i in
                next.append(contentsOf: UnsafeBufferPointer(rebasing: order[passed..<i]))
                passed = i + 1
                guard !visited[i] else { return }
                visited[i] = true
                let partner = sets.partner[i]
                guard partner != -1 else { next.append(order[i]); return }
                let index = Int32(truncatingIfNeeded: i)
                members.removeAll(keepingCapacity: true)
                members.append(index)
                if partner >= 0 {
                    members.append(partner)
                } else {
                    members.append(contentsOf: sets.crowds[Int(-2 - partner)])
                    members.sort { rank($0) < rank($1) }
                }
                for (k, member) in members.enumerated() { list[k] = entry(Int(member), order) }
                let made = clusterCount.count
                gather(i, Int32(0)..<Int32(members.count), &pass, into: &next)
                if clusterCount.count > made {
                    pairIndexes.append(index)
                    pairIndexes.append(partner >= 0 ? partner : index)
                }
            }
            next.append(contentsOf: UnsafeBufferPointer(rebasing: order[passed...]))
        }
        return (next, pairIndexes)
    }

    /// Item `index` of the level `order` as its tree would hold it.
    private func entry(_ index: Int, _ order: UnsafeBufferPointer<Int32>) -> KDEntry {
        let handle = order[index]
        return KDEntry(x: itemX[Int(handle)], y: itemY[Int(handle)], index: Int32(truncatingIfNeeded: index), handle: handle)
    }
}
