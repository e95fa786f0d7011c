/// A convex ring clipped to an axis-aligned box (Sutherland–Hodgman, one side at a time): what
/// a vector tile keeps of a cell: the part in the tile and its buffer.
enum GridClipping {
    /// The part of the convex `ring` inside the box (empty when none).
    static func clip(_ ring: [(x: Double, y: Double)], x: ClosedRange<Double>, y: ClosedRange<Double>) -> [(x: Double, y: Double)] {
        var polygon = ring
        polygon = clip(polygon) { $0.x - x.lowerBound }
        polygon = clip(polygon) { x.upperBound - $0.x }
        polygon = clip(polygon) { $0.y - y.lowerBound }
        polygon = clip(polygon) { y.upperBound - $0.y }
        return polygon
    }

    /// Twice the ring's signed area.
    static func doubledArea(_ ring: [(x: Double, y: Double)]) -> Double {
        var sum = 0.0
        for k in ring.indices {
            let a = ring[k], b = ring[(k + 1) % ring.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }

    /// The ring's part where `inside` is ≥ 0 (a signed distance to one side of the square).
    private static func clip(_ ring: [(x: Double, y: Double)], inside: ((x: Double, y: Double)) -> Double) -> [(x: Double, y: Double)] {
        guard let last = ring.last else { return [] }
        var result: [(x: Double, y: Double)] = []
        result.reserveCapacity(ring.count + 2)
        var previous = last, previousSide = inside(last)
        for vertex in ring {
            let side = inside(vertex)
            if (side >= 0) != (previousSide >= 0) {
                let t = previousSide / (previousSide - side)
                result.append((previous.x + t * (vertex.x - previous.x), previous.y + t * (vertex.y - previous.y)))
            }
            if side >= 0 { result.append(vertex) }
            previous = vertex
            previousSide = side
        }
        return result
    }
}
