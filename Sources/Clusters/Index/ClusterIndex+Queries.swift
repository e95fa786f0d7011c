/// The queries of supercluster: clusters in a box, of a tile, children, leaves, expansion zoom.
extension ClusterIndex {
    /// The items of the level for `zoom` inside the box, in supercluster's order. A box whose west
    /// is east of its east crosses the antimeridian; a box 360° wide or more is the whole world;
    /// latitudes are clamped to ±90.
    public func clusters(west: Double, south: Double, east: Double, north: Double, zoom: Double) -> [ClusterItem] {
        var minLongitude = ((west + 180).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) - 180
        let minLatitude = max(-90, min(90, south))
        var maxLongitude = east == 180 ? 180
            : ((east + 180).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) - 180
        let maxLatitude = max(-90, min(90, north))
        if east - west >= 360 {
            minLongitude = -180
            maxLongitude = 180
        } else if minLongitude > maxLongitude {
            return clusters(west: minLongitude, south: minLatitude, east: 180, north: maxLatitude, zoom: zoom)
                + clusters(west: -180, south: minLatitude, east: maxLongitude, north: maxLatitude, zoom: zoom)
        }
        var handles: [Int32] = []
        rangeQuery(level(for: zoom),
                   Projection.x(longitude: minLongitude), Projection.y(latitude: maxLatitude),
                   Projection.x(longitude: maxLongitude), Projection.y(latitude: minLatitude), into: &handles)
        return handles.map { ClusterItem(handle: $0) }
    }

    /// The items drawn on tile `z/x/y`, with their position in tile units (0...1 across the tile,
    /// beyond it in the buffer), as supercluster's `getTile`: the tile grown by `buffer` tile widths
    /// on every side (default `radius / extent`), wrapping around the antimeridian on the first and
    /// last column.
    public func tile(z: Int, x: Int, y: Int, buffer: Double? = nil) -> [(item: ClusterItem, x: Double, y: Double)] {
        let z2 = pow2(z)
        let p = buffer ?? options.radius / options.extent
        let top = (Double(y) - p) / z2
        let bottom = (Double(y) + 1 + p) / z2
        let level = level(for: Double(z))
        var result: [(item: ClusterItem, x: Double, y: Double)] = []
        var handles: [Int32] = []
        func add(_ handles: [Int32], tileX: Double) {
            for handle in handles {
                let item = ClusterItem(handle: handle)
                let (px, py) = projected(item)
                result.append((item, px * z2 - tileX, py * z2 - Double(y)))
            }
        }
        rangeQuery(level, (Double(x) - p) / z2, top, (Double(x) + 1 + p) / z2, bottom, into: &handles)
        add(handles, tileX: Double(x))
        if x == 0 {
            handles.removeAll(keepingCapacity: true)
            rangeQuery(level, 1 - p / z2, top, 1, bottom, into: &handles)
            add(handles, tileX: z2)
        }
        if Double(x) == z2 - 1 {
            handles.removeAll(keepingCapacity: true)
            rangeQuery(level, 0, top, p / z2, bottom, into: &handles)
            add(handles, tileX: -1)
        }
        return result
    }

    /// The items a cluster was made of, one zoom above where it was made, in supercluster's order.
    public func children(of clusterID: Int) throws(UnknownCluster) -> [ClusterItem] {
        guard let cluster = cluster(id: clusterID) else { throw UnknownCluster(id: clusterID) }
        return children(of: cluster)
    }

    func children(of cluster: ClusterItem) -> [ClusterItem] {
        var items = recordedChildren(of: cluster)
        if items.count == 2, swapsChildren(ofCluster: Int(cluster.handle) - pointCount) { items.swapAt(0, 1) }
        return items
    }

    /// The children as the build recorded them: in search order, except a pair made from a level
    /// clustered without its tree, recorded origin first (``LevelTree``).
    private func recordedChildren(of cluster: ClusterItem) -> [ClusterItem] {
        let number = Int(cluster.handle) - pointCount
        let start = number == 0 ? 0 : Int(childrenEnd[number - 1])
        return children[start..<Int(childrenEnd[number])].map { ClusterItem(handle: $0) }
    }

    /// Whether cluster number `number` is a pair whose children a search lists the other way
    /// round than recorded.
    private func swapsChildren(ofCluster number: Int) -> Bool {
        let zoom = (clusterID[number] - pointCount) % 32 - 1
        let level = levels[zoom + 1 - options.minZoom]
        guard level.pairs.contains(number) else { return false }
        return itemX.withUnsafeBufferPointer { x in
            itemY.withUnsafeBufferPointer { y in level.swapsChildren(ofCluster: number, x: x, y: y) }
        }
    }

    /// The points of a cluster, depth first through its children (supercluster's stable order),
    /// `limit` of them after skipping `offset`.
    public func leaves(of clusterID: Int, limit: Int = 10, offset: Int = 0) throws(UnknownCluster) -> [ClusterItem] {
        guard let cluster = cluster(id: clusterID) else { throw UnknownCluster(id: clusterID) }
        var result: [ClusterItem] = []
        guard limit > 0 else { return result }
        var skipped = 0
        appendLeaves(of: cluster, into: &result, limit: limit, offset: offset, skipped: &skipped)
        return result
    }

    private func appendLeaves(of cluster: ClusterItem, into result: inout [ClusterItem], limit: Int, offset: Int, skipped: inout Int) {
        for child in children(of: cluster) {
            if isCluster(child) {
                let count = pointCount(of: child)
                if skipped + count <= offset {
                    skipped += count
                } else {
                    appendLeaves(of: child, into: &result, limit: limit, offset: offset, skipped: &skipped)
                }
            } else if skipped < offset {
                skipped += 1
            } else {
                result.append(child)
            }
            if result.count == limit { break }
        }
    }

    /// The zoom at which the cluster splits into more than one item (supercluster's
    /// `getClusterExpansionZoom`): where a map should zoom to when the cluster is tapped.
    public func expansionZoom(of clusterID: Int) throws(UnknownCluster) -> Int {
        guard var cluster = cluster(id: clusterID) else { throw UnknownCluster(id: clusterID) }
        var zoom = (clusterID - pointCount) % 32 - 1
        while zoom <= options.maxZoom {
            // Only how many children there are counts, not their order.
            let items = recordedChildren(of: cluster)
            zoom += 1
            guard items.count == 1, isCluster(items[0]) else { break }
            cluster = items[0]
        }
        return zoom
    }

    private func rangeQuery(_ level: LevelTree, _ minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double,
                            into handles: inout [Int32]) {
        itemX.withUnsafeBufferPointer { x in
            itemY.withUnsafeBufferPointer { y in
                level.range(minX: minX, minY: minY, maxX: maxX, maxY: maxY, x: x, y: y, into: &handles)
            }
        }
    }
}

/// A cluster id the index does not have.
public struct UnknownCluster: Error, Sendable, CustomStringConvertible {
    public let id: Int
    public var description: String { "no cluster with id \(id)" }
}
