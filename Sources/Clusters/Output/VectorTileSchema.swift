/// Field numbers and constants of the Mapbox Vector Tile schema (`vector_tile.proto`, spec 2.1).
enum VectorTileSchema {
    /// `Tile`: `repeated Layer layers = 3`.
    enum Tile {
        static let layers: UInt64 = 3
    }

    /// `Tile.Layer`.
    enum Layer {
        static let name: UInt64 = 1
        static let features: UInt64 = 2
        static let keys: UInt64 = 3
        static let values: UInt64 = 4
        static let extent: UInt64 = 5
        static let version: UInt64 = 15
    }

    /// `Tile.Feature`.
    enum Feature {
        static let id: UInt64 = 1
        static let tags: UInt64 = 2
        static let type: UInt64 = 3
        static let geometry: UInt64 = 4
    }

    /// `Tile.Value`: exactly one of these is set. `float_value` (2) and `int_value` (4) are not written.
    enum Value {
        static let string: UInt64 = 1
        static let double: UInt64 = 3
        static let uint: UInt64 = 5
        static let sint: UInt64 = 6
        static let bool: UInt64 = 7
    }

    /// `Tile.GeomType.POINT`.
    static let pointType: UInt64 = 1
    /// `Tile.GeomType.POLYGON`.
    static let polygonType: UInt64 = 3
    /// The `MoveTo` geometry command.
    static let moveTo: UInt32 = 1
    /// The `LineTo` geometry command.
    static let lineTo: UInt32 = 2
    /// The `ClosePath` geometry command.
    static let closePath: UInt32 = 7
}
