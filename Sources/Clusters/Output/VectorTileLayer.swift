/// One layer of a vector tile: a name, the size of its coordinate grid and its features.
public struct VectorTileLayer: Sendable {
    /// The layer's name (`clusters`); the layers of one tile need different names.
    public var name: String
    /// How many units the tile spans on each axis: the features' coordinates run from 0 to `extent`.
    public var extent: UInt32
    /// The layer's features, written in this order.
    public var features: [VectorTileFeature]

    /// A layer named `name` whose coordinates run from 0 to `extent` (4096, the format's default).
    public init(name: String, extent: UInt32 = 4096, features: [VectorTileFeature] = []) {
        self.name = name
        self.extent = extent
        self.features = features
    }
}
