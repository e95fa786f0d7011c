/// Where each cluster's points reach: their bounding box and their convex hull, memoised per
/// index (``ClusterExtents``).
extension ClusterIndex {
    /// The bounding box of the item's points in degrees; a point's own position for a point.
    public func boundingBox(of item: ClusterItem) -> (west: Double, south: Double, east: Double, north: Double) {
        let handle = Int(item.handle)
        guard handle >= pointCount else {
            return (points.longitudes[handle], points.latitudes[handle], points.longitudes[handle], points.latitudes[handle])
        }
        let (west, south, east, north) = extents.boxes.withLock { boxes in
            if boxes.isEmpty { boxes = Array(repeating: -1, count: 4 * clusterTotal) }
            return box(ofCluster: handle - pointCount, in: &boxes)
        }
        return (points.longitudes[west], points.latitudes[south], points.longitudes[east], points.latitudes[north])
    }

    /// The vertices of the convex hull of the item's points in Web Mercator (the plane the map is
    /// drawn on), counterclockwise on a north-up map from the westmost one, the first not repeated:
    /// each is one of the points, as it was read. One vertex when all the points are at one place
    /// (a point's hull is itself), two when they lie on one line.
    public func hull(of item: ClusterItem) -> [(longitude: Double, latitude: Double)] {
        hullPoints(of: item).map { (points.longitudes[Int($0)], points.latitudes[Int($0)]) }
    }

    /// The indices of the points at the item's hull's vertices, in ``hull(of:)``'s order.
    func hullPoints(of item: ClusterItem) -> [Int32] {
        guard isCluster(item) else { return [item.handle] }
        return extents.hulls.withLock { table in
            if table.bounds.isEmpty { table.bounds = Array(repeating: -1, count: 2 * clusterTotal) }
            let number = Int(item.handle) - pointCount
            computeHull(ofCluster: number, in: &table)
            return Array(table.vertices[Int(table.bounds[2 * number])..<Int(table.bounds[2 * number + 1])])
        }
    }

    /// The indices of cluster `number`'s points furthest west, south, east and north, computed
    /// from its children's when not yet known.
    private func box(ofCluster number: Int, in boxes: inout [Int32]) -> (Int, Int, Int, Int) {
        if boxes[4 * number] >= 0 {
            return (Int(boxes[4 * number]), Int(boxes[4 * number + 1]), Int(boxes[4 * number + 2]), Int(boxes[4 * number + 3]))
        }
        var west = -1, south = -1, east = -1, north = -1
        let longitudes = points.longitudes, latitudes = points.latitudes
        for child in childHandles(ofCluster: number) {
            let (w, s, e, n) = child < pointCount ? (child, child, child, child) : box(ofCluster: child - pointCount, in: &boxes)
            if west < 0 || longitudes[w] < longitudes[west] { west = w }
            if south < 0 || latitudes[s] < latitudes[south] { south = s }
            if east < 0 || longitudes[e] > longitudes[east] { east = e }
            if north < 0 || latitudes[n] > latitudes[north] { north = n }
        }
        boxes.replaceSubrange(4 * number..<4 * number + 4, with: [Int32(west), Int32(south), Int32(east), Int32(north)])
        return (west, south, east, north)
    }

    /// Puts cluster `number`'s hull in `table` when not there yet: the hull of its child points and
    /// of its child clusters' hulls' vertices.
    private func computeHull(ofCluster number: Int, in table: inout HullTable) {
        guard table.bounds[2 * number] < 0 else { return }
        var candidates: [Int32] = []
        for child in childHandles(ofCluster: number) {
            if child < pointCount {
                candidates.append(Int32(child))
            } else {
                let clusterNumber = child - pointCount
                computeHull(ofCluster: clusterNumber, in: &table)
                candidates += table.vertices[Int(table.bounds[2 * clusterNumber])..<Int(table.bounds[2 * clusterNumber + 1])]
            }
        }
        let vertices = ConvexHull.vertices(of: candidates, longitudes: points.longitudes, latitudes: points.latitudes)
        table.bounds[2 * number] = Int32(table.vertices.count)
        table.vertices += vertices
        table.bounds[2 * number + 1] = Int32(table.vertices.count)
    }

    /// The handles of cluster `number`'s children (points below ``pointCount``, clusters above).
    private func childHandles(ofCluster number: Int) -> [Int] {
        let start = number == 0 ? 0 : Int(childrenEnd[number - 1])
        return children[start..<Int(childrenEnd[number])].map { Int($0) }
    }
}
