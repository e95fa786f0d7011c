/// One feature of a vector tile layer: points or a polygon (``VectorTileGeometry``), with an
/// optional id and properties.
public struct VectorTileFeature: Sendable {
    /// The feature's `id`; nil writes none.
    public var id: UInt64?
    /// What the feature draws; a feature with nothing to draw is left out.
    public var geometry: VectorTileGeometry
    /// The feature's properties, in order (pass a `JSONObject`'s `members`). Strings, numbers and
    /// booleans keep their type: integers become `uint_value` (≥ 0) or `sint_value` (< 0), other
    /// numbers `double_value`. An array or object is written as its compact JSON text, as
    /// tippecanoe does. A `null` (or a NaN or infinite number, which JSON writes as `null`) is left
    /// out, and a key given twice keeps its last value, as `JSONObject` and JavaScript read it.
    public var properties: [(key: String, value: JSONValue)]

    /// A feature drawing `geometry`.
    public init(id: UInt64? = nil, geometry: VectorTileGeometry, properties: [(key: String, value: JSONValue)] = []) {
        self.id = id
        self.geometry = geometry
        self.properties = properties
    }

    /// A feature at `points`: one makes a `Point`, several a `MultiPoint`.
    public init(id: UInt64? = nil, points: [(x: Int32, y: Int32)], properties: [(key: String, value: JSONValue)] = []) {
        self.init(id: id, geometry: .points(points), properties: properties)
    }

    /// A feature at one point.
    public init(id: UInt64? = nil, x: Int32, y: Int32, properties: [(key: String, value: JSONValue)] = []) {
        self.init(id: id, points: [(x: x, y: y)], properties: properties)
    }
}
