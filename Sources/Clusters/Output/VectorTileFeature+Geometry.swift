/// A point feature's `geometry` field: one `MoveTo` command whose count is the number of points,
/// then each point as the zigzag-encoded step (dx, dy) from the cursor, which starts at (0, 0)
/// for every feature and moves to each point in turn.
extension VectorTileFeature {
    /// The `MoveTo` command integer: the command id in the low three bits, the point count above.
    var moveToCommand: UInt64 {
        UInt64(VectorTileSchema.moveTo & 0x7) | UInt64(points.count) << 3
    }

    /// The length of the packed geometry that `writeGeometry(into:)` appends.
    var geometrySize: Int {
        var size = ProtobufWriter.varintSize(moveToCommand)
        forEachStep { dx, dy in
            size += ProtobufWriter.varintSize(UInt64(dx)) + ProtobufWriter.varintSize(UInt64(dy))
        }
        return size
    }

    /// Appends the packed geometry integers (without the field's tag and length).
    func writeGeometry(into writer: inout ProtobufWriter) {
        writer.varint(moveToCommand)
        forEachStep { dx, dy in
            writer.varint(UInt64(dx))
            writer.varint(UInt64(dy))
        }
    }

    /// Calls `body` with each point's zigzag-encoded step from the previous one.
    private func forEachStep(_ body: (UInt32, UInt32) -> Void) {
        var cursor: (x: Int32, y: Int32) = (0, 0)
        for point in points {
            body(ProtobufWriter.zigzag(point.x &- cursor.x), ProtobufWriter.zigzag(point.y &- cursor.y))
            cursor = point
        }
    }
}
