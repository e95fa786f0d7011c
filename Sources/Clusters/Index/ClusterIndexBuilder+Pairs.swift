/// Clustering a level without its KD-tree: where every item has at most one neighbour, a search's
/// order matters only to which child of a pair is listed first, which the level's tree settles
/// when a query needs it (``LevelTree``).
extension ClusterIndexBuilder {
    /// Each item's one neighbour at `zoom`, when the level whose items are `order` can be
    /// clustered without its tree; nil otherwise.
    func partners(_ order: [Int32], zoom: Int, sparse: inout SparseNeighbours?) -> [Int32]? {
        guard skipsTrees, sparse != nil else { return nil }
        let radius = options.radius / (options.extent * pow2(zoom))
        return clusterX.withUnsafeBufferPointer { clusterX in
            clusterY.withUnsafeBufferPointer { clusterY in
                itemX.withUnsafeBufferPointer { x in
                    itemY.withUnsafeBufferPointer { y in
                        let exact = ExactCoordinates(pointCount: pointCount, clusterX: clusterX, clusterY: clusterY)
                        return sparse!.partners(order: order, zoom: zoom, radius: radius, exact: exact, x: x, y: y)
                    }
                }
            }
        }
    }

    /// One level down (supercluster's `_cluster`) where item `i`'s only neighbour is
    /// `partners[i]` (-1: none): the same clusters, in the same order, as a search of the tree
    /// gives, each cluster's children recorded origin first. Returns the next level's items and,
    /// for every cluster made, the level indexes of its two children as recorded.
    mutating func clusterPairs(_ order: [Int32], partners: [Int32], zoom: Int) -> (next: [Int32], pairIndexes: [Int32]) {
        let visited = UnsafeMutableBufferPointer<Bool>.allocate(capacity: order.count)
        visited.initialize(repeating: false)
        let pair = UnsafeMutableBufferPointer<KDEntry>.allocate(capacity: 2)
        defer {
            visited.deallocate()
            pair.deallocate()
        }
        var next: [Int32] = []
        next.reserveCapacity(order.count)
        var pairIndexes: [Int32] = []
        order.withUnsafeBufferPointer { order in
            var pass = LevelPass(zoom: zoom, order: order, entries: UnsafeBufferPointer(pair), visited: visited)
            for i in 0..<order.count where !visited[i] {
                visited[i] = true
                let j = Int(partners[i])
                guard j >= 0 else { next.append(order[i]); continue }
                pair[0] = entry(i, order)
                pair[1] = entry(j, order)
                let made = clusterCount.count
                gather(i, Int32(0)..<2, &pass, into: &next)
                if clusterCount.count > made { pairIndexes += [Int32(truncatingIfNeeded: i), Int32(truncatingIfNeeded: j)] }
            }
        }
        return (next, pairIndexes)
    }

    /// Item `index` of the level `order` as its tree would hold it.
    private func entry(_ index: Int, _ order: UnsafeBufferPointer<Int32>) -> KDEntry {
        let handle = order[index]
        return KDEntry(x: itemX[Int(handle)], y: itemY[Int(handle)], index: Int32(truncatingIfNeeded: index), handle: handle)
    }
}
