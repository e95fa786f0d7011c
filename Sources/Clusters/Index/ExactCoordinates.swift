import CPrefetch

/// An item's exact coordinates, as supercluster's level data holds them: a point's Float32
/// projection, a cluster's Double centroid (its tree coordinates are that rounded to Float32).
struct ExactCoordinates {
    let pointCount: Int
    let clusterX: UnsafeBufferPointer<Double>
    let clusterY: UnsafeBufferPointer<Double>

    /// For a level of points only.
    static func points(_ pointCount: Int) -> ExactCoordinates {
        ExactCoordinates(pointCount: pointCount, clusterX: .init(start: nil, count: 0), clusterY: .init(start: nil, count: 0))
    }

    @inline(__always)
    func of(_ entry: KDEntry) -> (Double, Double) {
        Int(entry.handle) < pointCount ? (Double(entry.x), Double(entry.y)) : of(cluster: Int(entry.handle))
    }

    /// Asks the caches for an entry's exact coordinates, to be read soon (a point's are the entry's own).
    @inline(__always)
    func prefetch(_ entry: KDEntry) {
        let cluster = Int(entry.handle) - pointCount
        guard cluster >= 0 else { return }
        cairn_prefetch(clusterX.baseAddress! + cluster)
        cairn_prefetch(clusterY.baseAddress! + cluster)
    }

    /// A cluster's centroid, by its handle.
    @inline(__always)
    func of(cluster handle: Int) -> (Double, Double) {
        (clusterX[handle - pointCount], clusterY[handle - pointCount])
    }
}
