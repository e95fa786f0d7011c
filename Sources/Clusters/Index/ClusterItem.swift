/// One item of a zoom level: a cluster, or a point standing alone. Ask the index about it.
public struct ClusterItem: Sendable, Hashable {
    let handle: Int32
}

extension ClusterIndex {
    /// Whether the item is a cluster (else it is one of the points).
    public func isCluster(_ item: ClusterItem) -> Bool {
        Int(item.handle) >= pointCount
    }

    /// The number of points the item stands for (1 for a point).
    public func pointCount(of item: ClusterItem) -> Int {
        isCluster(item) ? Int(clusterCount[Int(item.handle) - pointCount]) : 1
    }

    /// The cluster's id (supercluster's `cluster_id`), nil for a point.
    public func clusterID(of item: ClusterItem) -> Int? {
        isCluster(item) ? clusterID[Int(item.handle) - pointCount] : nil
    }

    /// The point's index in ``points``, nil for a cluster.
    public func pointIndex(of item: ClusterItem) -> Int? {
        isCluster(item) ? nil : Int(item.handle)
    }

    /// Where the item is: a point's own coordinates, a cluster's count-weighted centroid.
    public func coordinate(of item: ClusterItem) -> (longitude: Double, latitude: Double) {
        let handle = Int(item.handle)
        guard handle >= pointCount else { return (points.longitudes[handle], points.latitudes[handle]) }
        return (Projection.longitude(x: clusterX[handle - pointCount]), Projection.latitude(y: clusterY[handle - pointCount]))
    }

    /// The item's position in the unit Web Mercator square (x east, y south), as supercluster's
    /// `getTile` places it.
    func projected(_ item: ClusterItem) -> (x: Double, y: Double) {
        let handle = Int(item.handle)
        guard handle >= pointCount else {
            return (Projection.x(longitude: points.longitudes[handle]), Projection.y(latitude: points.latitudes[handle]))
        }
        return (clusterX[handle - pointCount], clusterY[handle - pointCount])
    }

    /// A cluster's aggregate values, in the order of ``aggregates`` (nil where none of its points
    /// has the property); empty for a point.
    public func aggregateValues(of item: ClusterItem) -> [Double?] {
        guard isCluster(item) else { return [] }
        let n = aggregates.count
        let base = (Int(item.handle) - pointCount) * n * 2
        return aggregates.enumerated().map { position, aggregate in
            AggregateAccumulator(value: clusterAggregates[base + 2 * position], count: clusterAggregates[base + 2 * position + 1])
                .result(aggregate.operation)
        }
    }

    /// The cluster with this id, nil when there is none.
    public func cluster(id: Int) -> ClusterItem? {
        // Compared before subtracting: an id near Int.min must not overflow.
        guard id > pointCount else { return nil }
        let offset = id - pointCount
        let zoom = offset % 32 - 1
        guard zoom >= options.minZoom, zoom <= options.maxZoom else { return nil }
        let made = clustersMadeAt[zoom - options.minZoom]
        var low = made.lowerBound, high = made.upperBound
        while low < high {
            let middle = (low + high) / 2
            if clusterID[middle] < id { low = middle + 1 } else { high = middle }
        }
        guard low < made.upperBound, clusterID[low] == id else { return nil }
        return ClusterItem(handle: Int32(pointCount + low))
    }
}
