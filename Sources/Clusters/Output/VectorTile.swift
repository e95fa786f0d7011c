/// Mapbox Vector Tiles (specification 2.1): layers of points and polygons encoded as the protobuf bytes that
/// MapLibre, Mapbox GL, OpenLayers and tippecanoe read.
///
/// ```swift
/// let layer = VectorTileLayer(name: "clusters", extent: 4096, features: [
///     VectorTileFeature(id: 7, x: 1024, y: 2048, properties: [("point_count", .number(42))]),
/// ])
/// let bytes = VectorTile.encode([layer])   // serve as `application/vnd.mapbox-vector-tile`
/// ```
public enum VectorTile {
    /// The specification version every layer declares (its `version` field).
    public static let version: UInt32 = 2

    /// The media type of an encoded tile, for a `Content-Type` header.
    public static let mediaType = "application/vnd.mapbox-vector-tile"

    /// The tile holding `layers`, in order, as protobuf bytes. The same layers always give the
    /// same bytes. Each layer's keys and values are stored once, in the order they are first met.
    public static func encode(_ layers: [VectorTileLayer]) -> [UInt8] {
        var tile = ProtobufWriter(reservingCapacity: 256)
        var encoder = VectorTileLayerEncoder()
        for layer in layers {
            encoder.write(layer, into: &tile)
        }
        return tile.bytes
    }
}
