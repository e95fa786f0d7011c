/// The convex hull of points in Web Mercator, by Andrew's monotone chain: the points are sorted by
/// x (then y), and the lower and upper chains keep only strict left turns, so collinear and repeated
/// points are never vertices.
enum ConvexHull {
    /// The indices of the hull's vertices among `candidates` (indices into `longitudes` and
    /// `latitudes`), counterclockwise on a north-up map (GeoJSON's order for an exterior ring),
    /// starting from the westmost (then southmost) vertex, the first not repeated at the end. One
    /// index when every candidate is at the same place, two when they all lie on one line.
    static func vertices(of candidates: [Int32], longitudes: [Double], latitudes: [Double]) -> [Int32] {
        // x east, v north: counterclockwise in (x, v) is counterclockwise on the map.
        var points = candidates.map { index in
            (index: index, x: Projection.x(longitude: longitudes[Int(index)]), v: -Projection.y(latitude: latitudes[Int(index)]))
        }
        points.sort { ($0.x, $0.v, $0.index) < ($1.x, $1.v, $1.index) }
        var distinct = points.prefix(0)
        for point in points where distinct.last.map({ $0.x != point.x || $0.v != point.v }) ?? true {
            distinct.append(point)
        }
        guard distinct.count > 2 else { return distinct.map(\.index) }
        func turnsLeft(_ a: (index: Int32, x: Double, v: Double), _ b: (index: Int32, x: Double, v: Double),
                       _ c: (index: Int32, x: Double, v: Double)) -> Bool {
            (b.x - a.x) * (c.v - a.v) - (b.v - a.v) * (c.x - a.x) > 0
        }
        var hull: [(index: Int32, x: Double, v: Double)] = []
        hull.reserveCapacity(distinct.count + 1)
        for point in distinct {
            while hull.count >= 2, !turnsLeft(hull[hull.count - 2], hull[hull.count - 1], point) { hull.removeLast() }
            hull.append(point)
        }
        let lower = hull.count + 1
        for point in distinct.reversed().dropFirst() {
            while hull.count >= lower, !turnsLeft(hull[hull.count - 2], hull[hull.count - 1], point) { hull.removeLast() }
            hull.append(point)
        }
        hull.removeLast()
        // All on one line: the chains went out and back along it, keeping its two ends.
        return hull.count < 3 ? [distinct.first!.index, distinct.last!.index] : hull.map(\.index)
    }
}
