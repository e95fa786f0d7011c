/// A feature's `geometry` field: command integers (the command id in the low three bits, its
/// repeat count above) each followed by its parameters, every vertex the zigzag-encoded step
/// (dx, dy) from the cursor, which starts at (0, 0) for every feature and moves to each vertex in
/// turn. Points are one `MoveTo` whose count is the number of points; a polygon's rings are each
/// a `MoveTo` to the first vertex, a `LineTo` through the others and a `ClosePath`.
extension VectorTileFeature {
    /// The type the feature declares: `POINT` or `POLYGON`.
    var geometryType: UInt64 {
        switch geometry {
        case .points: VectorTileSchema.pointType
        case .polygon: VectorTileSchema.polygonType
        }
    }

    /// Whether the feature has nothing to draw (no points, or a polygon whose exterior has no area).
    var drawsNothing: Bool {
        switch geometry {
        case .points(let points): points.isEmpty
        case .polygon(let rings): Self.encodableRings(rings).isEmpty
        }
    }

    /// The length of the packed geometry that `writeGeometry(into:)` appends.
    var geometrySize: Int {
        var size = 0
        forEachInteger { size += ProtobufWriter.varintSize(UInt64($0)) }
        return size
    }

    /// Appends the packed geometry integers (without the field's tag and length).
    func writeGeometry(into writer: inout ProtobufWriter) {
        forEachInteger { writer.varint(UInt64($0)) }
    }

    /// Calls `body` with each integer of the geometry, in order.
    private func forEachInteger(_ body: (UInt32) -> Void) {
        var cursor: (x: Int32, y: Int32) = (0, 0)
        func step(to vertex: (x: Int32, y: Int32)) {
            body(ProtobufWriter.zigzag(vertex.x &- cursor.x))
            body(ProtobufWriter.zigzag(vertex.y &- cursor.y))
            cursor = vertex
        }
        switch geometry {
        case .points(let points):
            body(Self.command(VectorTileSchema.moveTo, count: points.count))
            points.forEach(step)
        case .polygon(let rings):
            for ring in Self.encodableRings(rings) {
                body(Self.command(VectorTileSchema.moveTo, count: 1))
                step(to: ring[0])
                body(Self.command(VectorTileSchema.lineTo, count: ring.count - 1))
                ring.dropFirst().forEach(step)
                body(Self.command(VectorTileSchema.closePath, count: 1))
            }
        }
    }

    /// A command integer: the command id in the low three bits, the repeat count above.
    private static func command(_ id: UInt32, count: Int) -> UInt32 {
        id & 0x7 | UInt32(count) << 3
    }

    /// The rings as the format wants them: repeated consecutive vertices (and a last vertex equal
    /// to the first) dropped, rings without area dropped, the exterior wound to a positive
    /// surveyor's area and holes to a negative one; none when the exterior has no area.
    static func encodableRings(_ rings: [[(x: Int32, y: Int32)]]) -> [[(x: Int32, y: Int32)]] {
        var result: [[(x: Int32, y: Int32)]] = []
        for (position, ring) in rings.enumerated() {
            var vertices: [(x: Int32, y: Int32)] = []
            vertices.reserveCapacity(ring.count)
            for vertex in ring where vertices.last.map({ $0 != vertex }) ?? true { vertices.append(vertex) }
            while vertices.count > 1, vertices[vertices.count - 1] == vertices[0] { vertices.removeLast() }
            let area = doubledArea(vertices)
            guard vertices.count >= 3, area != 0 else {
                if position == 0 { return [] }
                continue
            }
            let exterior = position == 0
            if (area > 0) != exterior { vertices.reverse() }
            result.append(vertices)
        }
        return result
    }

    /// Twice the ring's signed area by the surveyor's formula, in tile coordinates (y down:
    /// positive for a ring clockwise on screen).
    private static func doubledArea(_ ring: [(x: Int32, y: Int32)]) -> Int64 {
        var sum: Int64 = 0
        for k in ring.indices {
            let a = ring[k], b = ring[(k + 1) % ring.count]
            sum += Int64(a.x) * Int64(b.y) - Int64(b.x) * Int64(a.y)
        }
        return sum
    }
}
