/// One point feature of a vector tile layer: a `Point`, or a `MultiPoint` when it has several
/// points, with an optional id and properties.
public struct VectorTileFeature: Sendable {
    /// The feature's `id`; nil writes none.
    public var id: UInt64?
    /// Where the feature is, in its layer's tile coordinates: x to the right, y down, (0, 0) the
    /// tile's top-left corner and `extent` its right and bottom edges. Points may lie outside
    /// `0...extent` (in the tile's buffer), negative included; keep them within ±2³⁰ so that the
    /// step from one point to the next fits the format's 32-bit parameters.
    /// One point makes a `Point`, several a `MultiPoint`; a feature without points is left out.
    public var points: [(x: Int32, y: Int32)]
    /// The feature's properties, in order (pass a `JSONObject`'s `members`). Strings, numbers and
    /// booleans keep their type: integers become `uint_value` (≥ 0) or `sint_value` (< 0), other
    /// numbers `double_value`. An array or object is written as its compact JSON text, as
    /// tippecanoe does. A `null` (or a NaN or infinite number, which JSON writes as `null`) is left
    /// out, and a key given twice keeps its last value, as `JSONObject` and JavaScript read it.
    public var properties: [(key: String, value: JSONValue)]

    /// A feature at `points`.
    public init(id: UInt64? = nil, points: [(x: Int32, y: Int32)], properties: [(key: String, value: JSONValue)] = []) {
        self.id = id
        self.points = points
        self.properties = properties
    }

    /// A feature at one point.
    public init(id: UInt64? = nil, x: Int32, y: Int32, properties: [(key: String, value: JSONValue)] = []) {
        self.init(id: id, points: [(x: x, y: y)], properties: properties)
    }
}
