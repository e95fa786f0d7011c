/// What a vector tile feature draws, in its layer's tile coordinates (x to the right, y down,
/// (0, 0) the tile's top-left corner and `extent` its right and bottom edges; coordinates may lie
/// in the buffer outside `0...extent`, negative included — keep them within ±2³⁰ so that the step
/// from one vertex to the next fits the format's 32-bit parameters).
public enum VectorTileGeometry: Sendable {
    /// A `Point`, or a `MultiPoint` when there are several; none is left out.
    case points([(x: Int32, y: Int32)])
    /// A `Polygon`: its exterior ring, then its holes. A ring lists its vertices once each (the
    /// first is not repeated at the end). The encoder writes the format's winding whatever the
    /// rings' own (the exterior clockwise on screen, positive area by the surveyor's formula in
    /// tile coordinates; holes the other way), drops repeated consecutive vertices and rings left
    /// without area, and leaves the feature out when its exterior has none.
    case polygon([[(x: Int32, y: Int32)]])
}
