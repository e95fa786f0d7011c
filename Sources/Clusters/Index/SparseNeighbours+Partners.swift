extension SparseNeighbours {
    /// Each item's neighbours at `zoom` (other than itself) by level index, in no particular
    /// order, found without the level's KD-tree; nil when more than `mostCrowds` items have two or
    /// more, or when the zoom is below ``lowestZoom``.
    ///
    /// A level whose items have at most one neighbour each clusters the same whatever order a
    /// search would list them in, except for which of a pair's two items its cluster lists first
    /// among its children: that waits for the level's tree (``LevelTree``). The lists of items with
    /// two or more need their search order, which only the part of the tree around them settles
    /// (``KDSorter/sort(_:around:)``). A point's neighbours among the points are the pairs found at
    /// first; a cluster's are found around it in the ``grid`` and among the other clusters, and so
    /// are the points that have it as a neighbour, each tested as kdbush's search tests it
    /// (``NeighbourTest``).
    mutating func neighbourSets(order: [Int32], zoom: Int, radius: Double, exact: ExactCoordinates,
                                x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, mostCrowds: Int) -> NeighbourSets? {
        guard zoom >= lowestZoom else { return nil }
        let stamp = Int8(truncatingIfNeeded: zoom)
        let test = NeighbourTest(radius: radius)
        var clusters: [(handle: Int, index: Int32)] = []
        present.withUnsafeMutableBufferPointer { present in
            levelIndex.withUnsafeMutableBufferPointer { levelIndex in
                for (index, handle) in order.enumerated() {
                    if Int(handle) < pointCount {
                        present[Int(handle)] = stamp
                        levelIndex[Int(handle)] = Int32(truncatingIfNeeded: index)
                    } else {
                        clusters.append((Int(handle), Int32(truncatingIfNeeded: index)))
                    }
                }
            }
        }
        var table: [Int32] = []
        swap(&table, &spareTable)
        var sets = NeighbourSets(count: order.count, in: consume table)
        for pair in pairs where pair.distanceSquared <= test.radiusSquared {
            let first = Int(pair.first.handle), second = Int(pair.second.handle)
            guard present[first] == stamp && present[second] == stamp else { continue }
            sets.link(levelIndex[first], levelIndex[second])
            sets.link(levelIndex[second], levelIndex[first])
            guard sets.crowds.count <= mostCrowds else { return nil }
        }
        for cluster in clusters {
            let (cx, cy) = exact.of(cluster: cluster.handle)
            let treeX = Double(x[cluster.handle]), treeY = Double(y[cluster.handle])
            grid.forEachPoint(near: cx, cy, reach: test.reach) { point in
                guard present[point] == stamp else { return }
                let px = Double(x[point]), py = Double(y[point])
                if test.within(exactX: cx, exactY: cy, treeX: px, treeY: py) { sets.link(cluster.index, levelIndex[point]) }
                if test.within(exactX: px, exactY: py, treeX: treeX, treeY: treeY) { sets.link(levelIndex[point], cluster.index) }
            }
            guard sets.crowds.count <= mostCrowds else { return nil }
        }
        // The clusters against each other: in order of x, each against the next ones within reach.
        clusters.sort { x[$0.handle] < x[$1.handle] || (x[$0.handle] == x[$1.handle] && $0.index < $1.index) }
        for (k, cluster) in clusters.enumerated() {
            let (cx, cy) = exact.of(cluster: cluster.handle)
            let treeX = Double(x[cluster.handle]), treeY = Double(y[cluster.handle])
            for other in clusters[(k + 1)...] {
                let otherX = Double(x[other.handle]), otherY = Double(y[other.handle])
                guard otherX - treeX <= test.reach else { break }
                guard test.near(treeX, treeY, otherX, otherY) else { continue }
                let (ox, oy) = exact.of(cluster: other.handle)
                if test.within(exactX: cx, exactY: cy, treeX: otherX, treeY: otherY) { sets.link(cluster.index, other.index) }
                if test.within(exactX: ox, exactY: oy, treeX: treeX, treeY: treeY) { sets.link(other.index, cluster.index) }
            }
            guard sets.crowds.count <= mostCrowds else { return nil }
        }
        return sets
    }

    /// Takes back the table of a level's sets once the level at `zoom` is clustered, for the next
    /// level's, unless that one is below ``lowestZoom``.
    mutating func recycle(_ sets: consuming NeighbourSets, zoom: Int) {
        spareTable = zoom > lowestZoom ? sets.recycled() : []
    }
}
