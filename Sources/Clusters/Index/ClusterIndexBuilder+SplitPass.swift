/// A level's clustering pass split across space, on several threads, with the result of the pass
/// on one.
///
/// At its turn, an item not yet taken takes every neighbour not yet taken (whether they become a
/// cluster or pass on as they are). So an item is taken by the first item in level order, among
/// those that list it as a neighbour, that was not taken itself: its *owner* (an item not taken
/// owns itself). Owners depend only on which items list which, not on counts or `minPoints`.
///
/// 1. The level's tree is cut into parts of whole subtrees, one per thread, and each part runs
///    the pass over its own items in level order, seeing only its own neighbours. It records
///    each item's owner, the entries of what each owner took (in search order), and the items
///    of other parts its owners listed.
/// 2. On one thread, the owners are settled where parts meet: an item listed from another part
///    is given its true owner (the first owner in level order that lists it); where an item
///    turns out to own itself or not after all, the items it lists are settled too, in level
///    order. The owners whose takings changed gather theirs again.
/// 3. On one thread, the owners in level order make their clusters from what they took, as the
///    one-thread pass does (``ClusterIndexBuilder/gather(_:_:_:into:)``).
///
/// Items listed across parts lie within the radius of a cut, a small share of a level, and a
/// change rarely travels far from it.
extension ClusterIndexBuilder {
    /// One level down on ``threads`` threads: the items that `cluster` would pass on, in its order.
    /// `lists` are the level's neighbour lists, or nil where each turn searches the tree.
    mutating func splitPass(_ order: [Int32], tree: KDTree, zoom: Int, radius: Double, lists: NeighbourLists?) -> [Int32] {
        let count = order.count
        let parts = Self.partRanges(count: count, nodeSize: tree.nodeSize, parts: min(8, threads))
        let owners = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
        let records = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
        records.initialize(repeating: -1)
        defer {
            owners.deallocate()
            records.deallocate()
        }
        let stores = withCoordinates { coordinates, clusterCounts in
            tree.entries.withUnsafeBufferPointer { entries in
                order.withUnsafeBufferPointer { order in
                    let level = SplitLevel(entries: entries, order: order, owners: owners, records: records, tree: tree, radius: radius,
                                           coordinates: coordinates, clusterCounts: clusterCounts)
                    var stores = level.runParts(parts, lists: lists)
                    stores.append(level.settleSeams(stores.map(\.crossing), storeNumber: stores.count))
                    return stores.map(\.gathered)
                }
            }
        }
        return makeClusters(order, zoom: zoom, owners: owners, records: records, stores: stores)
    }

    /// Calls `body` with every item's coordinates and every cluster's point count as they are now.
    private func withCoordinates<Result>(_ body: (ItemCoordinates, UnsafeBufferPointer<Int32>) -> Result) -> Result {
        itemX.withUnsafeBufferPointer { itemX in
            itemY.withUnsafeBufferPointer { itemY in
                clusterX.withUnsafeBufferPointer { clusterX in
                    clusterY.withUnsafeBufferPointer { clusterY in
                        clusterCount.withUnsafeBufferPointer { counts in
                            let exact = ExactCoordinates(pointCount: pointCount, clusterX: clusterX, clusterY: clusterY)
                            return body(ItemCoordinates(itemX: itemX, itemY: itemY, exact: exact), counts)
                        }
                    }
                }
            }
        }
    }

    /// The tree positions of each part: whole subtrees, the largest split at its middle (which
    /// goes with the lower half) until there are `parts` of them or they are leaves.
    static func partRanges(count: Int, nodeSize: Int, parts: Int) -> [Range<Int>] {
        var nodes = [0..<count]
        while nodes.count < parts, let largest = nodes.indices.max(by: { nodes[$0].count < nodes[$1].count }),
              nodes[largest].count > nodeSize + 1 {
            let node = nodes.remove(at: largest)
            let middle = (node.lowerBound + node.upperBound - 1) >> 1
            nodes += [node.lowerBound..<middle, (middle + 1)..<node.upperBound]
        }
        let starts = nodes.map(\.lowerBound).sorted()
        return starts.indices.map { part in
            (part == 0 ? 0 : starts[part])..<(part + 1 < starts.count ? starts[part + 1] : count)
        }
    }

    /// Step 3: the owners, in level order, make their clusters from what they took, or pass it on.
    private mutating func makeClusters(_ order: [Int32], zoom: Int, owners: UnsafeMutableBufferPointer<Int32>,
                                       records: UnsafeMutableBufferPointer<Int32>, stores: [GatheredClusters]) -> [Int32] {
        var next: [Int32] = []
        next.reserveCapacity(order.count)
        var scratch: [AggregateAccumulator] = []
        for i in 0..<order.count where owners[i] == Int32(truncatingIfNeeded: i) {
            let record = Int(records[i])
            guard record >= 0 else { next.append(order[i]); continue }
            let store = stores[record & SplitLevel.storeMask], number = record >> SplitLevel.storeBits
            let taken = store.entries[store.range(of: number)]
            let (total, sumX, sumY) = store.sums(of: number)
            guard total >= options.minPoints else {
                next.append(order[i])
                for entry in taken where Int(entry.index) != i { next.append(entry.handle) }
                continue
            }
            let firstChild = children.count
            children.append(contentsOf: taken.lazy.map(\.handle))
            appendCluster(i, zoom: zoom, origin: Int(order[i]), firstChild: firstChild, total: total, sumX: sumX, sumY: sumY,
                          scratch: &scratch, into: &next)
        }
        return next
    }
}

/// An item's tree position (Float32) and exact position by its handle.
struct ItemCoordinates {
    let itemX: UnsafeBufferPointer<Float>
    let itemY: UnsafeBufferPointer<Float>
    let exact: ExactCoordinates

    @inline(__always)
    func exact(_ handle: Int32) -> (Double, Double) {
        Int(handle) < exact.pointCount ? (Double(itemX[Int(handle)]), Double(itemY[Int(handle)])) : exact.of(cluster: Int(handle))
    }

    @inline(__always)
    func tree(_ handle: Int32) -> (Double, Double) { (Double(itemX[Int(handle)]), Double(itemY[Int(handle)])) }
}
