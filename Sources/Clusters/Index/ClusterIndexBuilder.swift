/// Builds a ``ClusterIndex`` level by level, from `maxZoom + 1` (every point alone) down to
/// `minZoom`, exactly as supercluster 8's `load` does: at each zoom every unvisited item, in the
/// level's order, gathers its unvisited neighbours within `radius / (extent · 2^zoom)` from the
/// level's KD-tree; if they hold more points than it alone and at least `minPoints`, they become one
/// cluster at their count-weighted centroid, numbered `(index << 5) + (zoom + 1) + pointCount`;
/// otherwise they pass to the next level as they are, in the order they were met.
///
/// What differs from supercluster is only what is kept: the per-level data is not copied per
/// level but kept once per item (points, then clusters in the order they were made), each
/// cluster's children are recorded as it is made (in the order supercluster's `getChildren` would
/// find them), and each level keeps only its KD order of item handles.
struct ClusterIndexBuilder {
    let options: ClusterOptions
    let pointCount: Int
    let aggregateOperations: [Aggregate.Operation]
    /// How many threads sort the levels' trees, sweep their neighbours and run their clustering
    /// passes (the result does not depend on it).
    let threads: Int
    /// Whether levels whose items have at most one neighbour each are clustered without their
    /// tree (the result does not depend on it; tests compare the two).
    var skipsTrees = true
    /// Levels with fewer items than this are clustered on one thread; larger ones, when there are
    /// several, are split across space (``splitPass(_:tree:zoom:radius:lists:)``; the result does
    /// not depend on it).
    var splitPassMinimum = 1 << 13
    /// A level whose neighbours are listed is split only on this many threads or more. Its pass
    /// on one thread reads the lists ahead of its turns (``ListPrefetch``), and the split pass
    /// makes the clusters on one thread after its parts anyway: on two threads, splitting such a
    /// level made the whole index about 5 % slower (a million random points, 8 paired runs).
    var splitListsMinimumThreads = 4

    // Every item's tree coordinates (Float32, as the KD-trees hold them), points first.
    var itemX: [Float] = []
    var itemY: [Float] = []
    // Clusters, numbered from 0 in the order they were made (handle = pointCount + number).
    var clusterX: [Double] = []
    var clusterY: [Double] = []
    var clusterCount: [Int32] = []
    var clusterID = NarrowIntegers()
    var childrenEnd: [Int32] = []
    var children: [Int32] = []
    /// (value, count) per cluster and aggregate, cluster-major.
    var clusterAggregates: [Double] = []
    /// The points' own aggregate values, point-major (NaN where a point has none).
    let pointAggregates: [Double]
    /// The number of categories counted (0 for none), each point's category, and each cluster's
    /// count per category, cluster-major.
    let categoryCount: Int
    let pointCategories: [UInt8]
    var clusterCategoryCounts: [Int32] = []
    /// Levels from `minZoom` to `maxZoom + 1`.
    var levels: [LevelTree] = []
    /// The clusters made at each zoom from `minZoom` to `maxZoom`, by cluster number.
    var clustersMadeAt: [Range<Int>] = []

    init(options: ClusterOptions, longitudes: [Double], latitudes: [Double], aggregateOperations: [Aggregate.Operation],
         pointAggregates: [Double], categoryCount: Int = 0, pointCategories: [UInt8] = [], threads: Int = 1) {
        self.options = options
        self.threads = max(1, threads)
        self.pointCount = longitudes.count
        self.aggregateOperations = aggregateOperations
        self.pointAggregates = pointAggregates
        self.categoryCount = categoryCount
        self.pointCategories = pointCategories
        // Every cluster takes the place of at least two items of the level above, so there are
        // fewer than the points. Room for that many is reserved at once: the tables never grow
        // by copying (old and new buffers alive together), and pages never written take no memory.
        let mostClusters = max(0, pointCount - 1)
        itemX.reserveCapacity(pointCount + mostClusters)
        itemY.reserveCapacity(pointCount + mostClusters)
        Projection.project(longitudes: longitudes, latitudes: latitudes, into: &itemX, &itemY, threads: self.threads)
        clusterX.reserveCapacity(mostClusters)
        clusterY.reserveCapacity(mostClusters)
        clusterCount.reserveCapacity(mostClusters)
        clusterID.reserve(mostClusters)
        childrenEnd.reserveCapacity(mostClusters)
        children.reserveCapacity(pointCount + mostClusters)
        clusterAggregates.reserveCapacity(mostClusters * aggregateOperations.count * 2)
        clusterCategoryCounts.reserveCapacity(mostClusters * categoryCount)
    }

    /// Every handle is below this: the points and the most clusters they can make.
    var handleBound: Int { 2 * pointCount }

    /// Runs every level; returns the levels from `minZoom` to `maxZoom + 1`. A level whose items
    /// have at most one neighbour each is clustered without its KD-tree, and one where few have
    /// more with the part of its tree around those (see
    /// ``SparseNeighbours/neighbourSets(order:zoom:radius:exact:x:y:mostCrowds:)``); the rest of
    /// the tree is made only when a query needs it, as is the tree of the last level, which nothing
    /// clusters.
    mutating func build() {
        var order = (0..<Int32(pointCount)).map { $0 }
        // The items of the level before this one, for the next level's: levels without their
        // tree write them in its pages rather than in fresh ones. The first level with a tree
        // lets it go (its peak has no room for it).
        var spare: [Int32] = []
        var built: [LevelTree] = []
        var madeAt: [Range<Int>] = []
        var storage: [KDEntry] = []
        var sparse = itemX.withUnsafeBufferPointer { x in
            itemY.withUnsafeBufferPointer { y in SparseNeighbours(x: x, y: y, options: options, threads: threads) }
        }
        for zoom in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
            let first = clusterCount.count
            if let sets = neighbourSets(order, zoom: zoom, sparse: &sparse) {
                if sets.single {
                    let (next, pairIndexes) = clusterSets(order, sets: sets, zoom: zoom, reusing: consume spare) { _ in 0 }
                    built.append(LevelTree(order: order, bound: handleBound, nodeSize: options.nodeSize,
                                           pairs: first..<clusterCount.count, pairIndexes: pairIndexes, threads: threads))
                    spare = order
                    order = next
                } else {
                    let (next, level) = clusterCrowds(order, sets: sets, zoom: zoom, in: &storage, reusing: consume spare)
                    built.append(level)
                    spare = order
                    order = next
                }
                sparse?.recycle(consume sets, zoom: zoom)
            } else {
                spare = []
                var tree = makeTree(order, in: consume storage)
                order = cluster(order, tree: tree, zoom: zoom, sparse: &sparse)
                built.append(LevelTree(entries: tree.entries, bound: handleBound, nodeSize: options.nodeSize))
                storage = tree.takeStorage()
            }
            madeAt.append(first..<clusterCount.count)
        }
        built.append(LevelTree(order: order, bound: handleBound, nodeSize: options.nodeSize, pairs: 0..<0, pairIndexes: [],
                               threads: threads))
        levels = built.reversed()
        clustersMadeAt = madeAt.reversed()
    }

    /// The KD-tree of the level whose items are `order`, built in `storage` (the last level's,
    /// emptied) while the level is nearly as large: its pages are mapped already. A level much
    /// smaller gets an array of its own size, and the large one is given back.
    private func makeTree(_ order: [Int32], in storage: consuming [KDEntry]) -> KDTree {
        KDTree(entries: levelEntries(order, in: consume storage), nodeSize: options.nodeSize, threads: threads)
    }

    /// The entries of the level whose items are `order`, in level order, in `storage` (emptied)
    /// unless the level is much smaller.
    func levelEntries(_ order: [Int32], in storage: consuming [KDEntry]) -> [KDEntry] {
        var entries = consume storage
        if order.count < entries.capacity - entries.capacity / 8 { entries = [] }
        entries.reserveCapacity(order.count)
        for (index, handle) in order.enumerated() {
            entries.append(KDEntry(x: itemX[Int(handle)], y: itemY[Int(handle)], index: Int32(index), handle: handle))
        }
        return entries
    }

    /// An item's exact coordinates, as supercluster's level data holds them: a point's Float32
    /// projection, a cluster's Double centroid.
    @inline(__always)
    func exact(_ handle: Int) -> (Double, Double) {
        handle < pointCount ? (Double(itemX[handle]), Double(itemY[handle]))
            : (clusterX[handle - pointCount], clusterY[handle - pointCount])
    }

    @inline(__always)
    private func count(_ handle: Int) -> Int {
        handle < pointCount ? 1 : Int(clusterCount[handle - pointCount])
    }

    /// One level down: supercluster's `_cluster`.
    private mutating func cluster(_ order: [Int32], tree: KDTree, zoom: Int, sparse: inout SparseNeighbours?) -> [Int32] {
        let radius = options.radius / (options.extent * pow2(zoom))
        let lists = clusterX.withUnsafeBufferPointer { clusterX in
            clusterY.withUnsafeBufferPointer { clusterY -> NeighbourLists? in
                let exact = ExactCoordinates(pointCount: pointCount, clusterX: clusterX, clusterY: clusterY)
                if let carried = sparse?.lists(tree: tree, order: order, zoom: zoom, radius: radius, exact: exact) {
                    return carried
                }
                sparse = nil
                return NeighbourLists(tree: tree, radius: radius, budget: 4 * order.count + 1024, crowding: 2, exact: exact, threads: threads)
            }
        }
        if threads > 1 && order.count >= splitPassMinimum && (lists == nil || threads >= splitListsMinimumThreads) {
            return splitPass(order, tree: tree, zoom: zoom, radius: radius, lists: lists)
        }
        let visited = UnsafeMutableBufferPointer<Bool>.allocate(capacity: order.count)
        visited.initialize(repeating: false)
        defer { visited.deallocate() }
        var next: [Int32] = []
        next.reserveCapacity(order.count)
        tree.entries.withUnsafeBufferPointer { entries in
            order.withUnsafeBufferPointer { order in
                var pass = LevelPass(zoom: zoom, order: order, entries: entries, visited: visited)
                if let lists {
                    lists.withReader { lists in
                        let prefetch = ListPrefetch(lists: lists, entries: entries, flags: visited)
                        for i in 0..<order.count where !visited[i] {
                            prefetch.ahead(of: i)
                            visited[i] = true
                            // Alone within the radius: it passes to the next level as it is.
                            guard let neighbours = lists.neighbours(of: i) else { next.append(order[i]); continue }
                            gather(i, neighbours, &pass, into: &next)
                        }
                    }
                } else {
                    var searched: [Int32] = []
                    searched.reserveCapacity(256)
                    var stack = KDStack()
                    for i in 0..<order.count where !visited[i] {
                        visited[i] = true
                        let (x, y) = exact(Int(order[i]))
                        tree.within(x, y, radius, into: &searched, stack: &stack)
                        gather(i, searched, &pass, into: &next)
                    }
                }
            }
        }
        return next
    }

    /// What one level's pass reads: the level's items by index and by tree position, and which
    /// have been visited.
    struct LevelPass {
        let zoom: Int
        let order: UnsafeBufferPointer<Int32>
        let entries: UnsafeBufferPointer<KDEntry>
        let visited: UnsafeMutableBufferPointer<Bool>
        /// Scratch for one cluster's aggregates.
        var accumulators: [AggregateAccumulator] = []
    }

    /// Item `i`, unvisited until now, with its `neighbours` (tree positions, itself included, in
    /// search order): they become one cluster if their unvisited members hold more points than it
    /// alone and at least `minPoints`; otherwise they pass to the next level as they are.
    @inline(__always)
    mutating func gather(_ i: Int, _ neighbours: some Collection<Int32>, _ pass: inout LevelPass,
                                 into next: inout [Int32]) {
        let entries = pass.entries, visited = pass.visited
        let handle = Int(pass.order[i])
        let originCount = count(handle)
        var total = originCount
        for position in neighbours {
            let entry = entries[Int(position)]
            if !visited[Int(entry.index)] { total += count(Int(entry.handle)) }
        }

        guard total > originCount && total >= options.minPoints else {
            next.append(Int32(handle))
            guard total > 1 else { return }
            for position in neighbours {
                let entry = entries[Int(position)]
                guard !visited[Int(entry.index)] else { continue }
                visited[Int(entry.index)] = true
                next.append(entry.handle)
            }
            return
        }
        let (x, y) = exact(handle)
        var wx = x * Double(originCount)
        var wy = y * Double(originCount)
        let firstChild = children.count
        for position in neighbours {
            let entry = entries[Int(position)]
            let index = Int(entry.index)
            if index == i { children.append(Int32(handle)); continue }
            guard !visited[index] else { continue }
            visited[index] = true
            let member = Int(entry.handle)
            let memberCount = Double(count(member))
            let (mx, my) = member < pointCount ? (Double(entry.x), Double(entry.y)) : exact(member)
            wx += mx * memberCount
            wy += my * memberCount
            children.append(Int32(member))
        }
        appendCluster(i, zoom: pass.zoom, origin: handle, firstChild: firstChild, total: total, sumX: wx, sumY: wy,
                      scratch: &pass.accumulators, into: &next)
    }

    /// Makes the cluster of item `i` (level index) at `zoom`, whose children, `origin` among them
    /// in search order, are appended from `firstChild` on: `total` points whose positions weighed
    /// by their counts sum to (`sumX`, `sumY`). Its aggregates fold the members' into the origin's,
    /// in the children's order. Appends its handle to `next`.
    mutating func appendCluster(_ i: Int, zoom: Int, origin handle: Int, firstChild: Int, total: Int, sumX: Double, sumY: Double,
                                scratch accumulators: inout [AggregateAccumulator], into next: inout [Int32]) {
        if categoryCount > 0 {
            let base = clusterCategoryCounts.count
            clusterCategoryCounts.append(contentsOf: repeatElement(0, count: categoryCount))
            for child in children[firstChild...] { addCategories(of: Int(child), at: base) }
        }
        let aggregateCount = aggregateOperations.count
        if aggregateCount > 0 {
            accumulators = self.accumulators(of: handle)
            for child in children[firstChild...] where Int(child) != handle {
                let memberAccumulators = self.accumulators(of: Int(child))
                for a in 0..<aggregateCount { accumulators[a].reduce(memberAccumulators[a], aggregateOperations[a]) }
            }
            for accumulator in accumulators { clusterAggregates.append(accumulator.value); clusterAggregates.append(accumulator.count) }
        }
        let cx = sumX / Double(total), cy = sumY / Double(total)
        clusterX.append(cx)
        clusterY.append(cy)
        itemX.append(Float(cx))
        itemY.append(Float(cy))
        clusterCount.append(Int32(total))
        clusterID.append((i << 5) + (zoom + 1) + pointCount)
        childrenEnd.append(Int32(children.count))
        next.append(Int32(pointCount + clusterCount.count - 1))
    }

    /// Adds an item's points, by category, to the counts of the cluster being made at `base`.
    @inline(__always)
    private mutating func addCategories(of handle: Int, at base: Int) {
        if handle < pointCount {
            clusterCategoryCounts[base + Int(pointCategories[handle])] += 1
            return
        }
        let memberBase = (handle - pointCount) * categoryCount
        for c in 0..<categoryCount { clusterCategoryCounts[base + c] += clusterCategoryCounts[memberBase + c] }
    }

    /// An item's aggregate accumulators: a point's own values, or a cluster's running ones.
    private func accumulators(of handle: Int) -> [AggregateAccumulator] {
        let n = aggregateOperations.count
        if handle < pointCount {
            return (0..<n).map { AggregateAccumulator(point: pointAggregates[handle * n + $0]) }
        }
        let base = (handle - pointCount) * n * 2
        return (0..<n).map { AggregateAccumulator(value: clusterAggregates[base + 2 * $0], count: clusterAggregates[base + 2 * $0 + 1]) }
    }
}

/// 2^zoom as a Double (`Math.pow(2, zoom)`).
@inline(__always)
func pow2(_ zoom: Int) -> Double {
    zoom >= 0 ? Double(sign: .plus, exponent: zoom, significand: 1) : 1 / Double(sign: .plus, exponent: -zoom, significand: 1)
}
