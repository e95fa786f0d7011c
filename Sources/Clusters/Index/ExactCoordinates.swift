/// An item's exact coordinates, as supercluster's level data holds them: a point's Float32
/// projection, a cluster's Double centroid (its tree coordinates are that rounded to Float32).
struct ExactCoordinates {
    let pointCount: Int
    let clusterX: UnsafeBufferPointer<Double>
    let clusterY: UnsafeBufferPointer<Double>

    @inline(__always)
    func of(_ entry: KDEntry) -> (Double, Double) {
        let handle = Int(entry.handle)
        return handle < pointCount ? (Double(entry.x), Double(entry.y))
            : (clusterX[handle - pointCount], clusterY[handle - pointCount])
    }

    /// A cluster's centroid, by its handle.
    @inline(__always)
    func of(cluster handle: Int) -> (Double, Double) {
        (clusterX[handle - pointCount], clusterY[handle - pointCount])
    }
}
