extension SparseNeighbours {
    /// The most clusters a level looked at without its tree may hold: each is compared with
    /// every other.
    static let mostClustersWithoutTree = 2048

    /// Each item's one neighbour at `zoom` (other than itself) by level index, or -1 when it is
    /// alone, found without the level's KD-tree; nil when some item has two or more, when the
    /// level has too many clusters, or when the zoom is below ``lowestZoom``.
    ///
    /// A level whose items have at most one neighbour each clusters the same whatever order a
    /// search would list them in, except for which of a pair's two items its cluster lists first
    /// among its children: that waits for the level's tree (``LevelTree``). A point's
    /// neighbours among the points are the pairs found at first; a cluster's are found around it
    /// in the ``grid`` and among the other clusters, and so are the points that have it as a
    /// neighbour, each tested as kdbush's search tests it (``NeighbourTest``).
    mutating func partners(order: [Int32], zoom: Int, radius: Double, exact: ExactCoordinates,
                           x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>) -> [Int32]? {
        guard zoom >= lowestZoom else { return nil }
        let stamp = Int8(truncatingIfNeeded: zoom)
        let test = NeighbourTest(radius: radius)
        var clusters: [(handle: Int, index: Int32)] = []
        for (index, handle) in order.enumerated() {
            if Int(handle) < pointCount {
                present[Int(handle)] = stamp
                levelIndex[Int(handle)] = Int32(truncatingIfNeeded: index)
            } else {
                clusters.append((Int(handle), Int32(truncatingIfNeeded: index)))
                guard clusters.count <= Self.mostClustersWithoutTree else { return nil }
            }
        }
        var partner = [Int32](repeating: -1, count: order.count)
        var single = true
        /// Notes that `b` is in `a`'s list; a second one ends the look.
        func link(_ a: Int32, _ b: Int32) {
            if partner[Int(a)] < 0 { partner[Int(a)] = b } else if partner[Int(a)] != b { single = false }
        }
        for pair in pairs where pair.distanceSquared <= test.radiusSquared {
            let first = Int(pair.first.handle), second = Int(pair.second.handle)
            guard present[first] == stamp && present[second] == stamp else { continue }
            link(levelIndex[first], levelIndex[second])
            link(levelIndex[second], levelIndex[first])
            guard single else { return nil }
        }
        for (k, cluster) in clusters.enumerated() {
            let (cx, cy) = exact.of(cluster: cluster.handle)
            let treeX = Double(x[cluster.handle]), treeY = Double(y[cluster.handle])
            grid.forEachPoint(near: cx, cy, reach: test.reach) { point in
                guard present[point] == stamp else { return }
                let px = Double(x[point]), py = Double(y[point])
                if test.within(exactX: cx, exactY: cy, treeX: px, treeY: py) { link(cluster.index, levelIndex[point]) }
                if test.within(exactX: px, exactY: py, treeX: treeX, treeY: treeY) { link(levelIndex[point], cluster.index) }
            }
            for other in clusters[(k + 1)...] {
                let (ox, oy) = exact.of(cluster: other.handle)
                let otherX = Double(x[other.handle]), otherY = Double(y[other.handle])
                guard test.near(treeX, treeY, otherX, otherY) else { continue }
                if test.within(exactX: cx, exactY: cy, treeX: otherX, treeY: otherY) { link(cluster.index, other.index) }
                if test.within(exactX: ox, exactY: oy, treeX: treeX, treeY: treeY) { link(other.index, cluster.index) }
            }
            guard single else { return nil }
        }
        return partner
    }
}
