/// Whether one item is another's neighbour at one zoom, as kdbush's search decides it: the
/// distance from the asking item's exact position (a cluster's Double centroid) to the other's
/// tree position (Float32) is at most the radius. Sweeps first skip pairs farther apart than
/// ``reach`` in x or y.
struct NeighbourTest {
    let radiusSquared: Double
    /// How far apart in x or y two items can be in tree coordinates and still be neighbours: the
    /// radius, widened past the gap between a cluster's exact centroid and its Float32 position
    /// (half a Float32 step below 1, 6·10⁻⁸, on each side). It is also how far inside its subtree's
    /// cell an item must be for all its neighbours to be in that subtree.
    let reach: Double

    init(radius: Double) {
        radiusSquared = radius * radius
        reach = radius + 2e-7
    }

    /// Whether two items' tree positions are within `reach` of each other in x and in y.
    @inline(__always)
    func near(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Bool {
        abs(bx - ax) <= reach && abs(by - ay) <= reach
    }

    /// Whether the item at tree position (`treeX`, `treeY`) is within the radius of an item whose
    /// exact position is (`exactX`, `exactY`).
    @inline(__always)
    func within(exactX: Double, exactY: Double, treeX: Double, treeY: Double) -> Bool {
        let dx = treeX - exactX, dy = treeY - exactY
        return dx * dx + dy * dy <= radiusSquared
    }
}
