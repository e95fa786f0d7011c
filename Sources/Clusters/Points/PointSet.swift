/// The points of a dataset, by column: longitude and latitude (WGS 84 degrees), and each point's
/// GeoJSON `id` and `properties` kept as the JSON text they came as, so an unclustered point is
/// given back exactly as it was read and 10⁷ points stay compact.
///
/// Row `i` is point `i`: the index order is the input order, which is the order supercluster
/// visits points in (it decides which point seeds a cluster).
public struct PointSet: Sendable, Equatable {
    public internal(set) var longitudes: [Double] = []
    public internal(set) var latitudes: [Double] = []
    /// Each point's `id` as JSON text (`42`, `"store-17"`), absent when it has none.
    public internal(set) var ids = JSONTextColumn()
    /// Each point's `properties` as JSON object text (`{"name":"Wien"}`), absent when it has none
    /// (written out as `null`, as GeoJSON does for a feature without properties).
    public internal(set) var properties = JSONTextColumn()

    public init() {}

    /// The number of points.
    public var count: Int { longitudes.count }

    /// Reserves room for `points` more points.
    public mutating func reserve(_ points: Int, propertyBytesPerPoint: Int = 0) {
        longitudes.reserveCapacity(count + points)
        latitudes.reserveCapacity(count + points)
        ids.reserve(rows: points, bytesPerRow: 0)
        properties.reserve(rows: points, bytesPerRow: propertyBytesPerPoint)
    }

    /// Appends a point. `id` is JSON text (a number or a quoted string) and `properties` JSON object
    /// text, both as the caller read or wrote them; nil for none.
    public mutating func append<ID: Collection<UInt8>, Properties: Collection<UInt8>>(
        longitude: Double, latitude: Double, id: ID?, properties: Properties?
    ) {
        appendPosition(longitude: longitude, latitude: latitude, id: id)
        if let properties { self.properties.append(properties) } else { self.properties.appendAbsent() }
    }

    /// Appends a point whose `properties` object a reader has already split into its values.
    mutating func append(longitude: Double, latitude: Double, id: UnsafeBufferPointer<UInt8>?, properties: SplitObjectText) {
        appendPosition(longitude: longitude, latitude: latitude, id: id)
        self.properties.append(properties)
    }

    /// Appends a point's coordinates and id, before its properties.
    @inline(__always)
    private mutating func appendPosition<ID: Collection<UInt8>>(longitude: Double, latitude: Double, id: ID?) {
        longitudes.append(longitude)
        latitudes.append(latitude)
        if let id { ids.append(id) } else { ids.appendAbsent() }
    }

    /// Appends a point without id or properties.
    public mutating func append(longitude: Double, latitude: Double) {
        append(longitude: longitude, latitude: latitude, id: nil as [UInt8]?, properties: nil as [UInt8]?)
    }

    /// Appends a point with `id` and `properties` given as JSON text.
    public mutating func append(longitude: Double, latitude: Double, id: String?, properties: String?) {
        append(longitude: longitude, latitude: latitude, id: id?.utf8, properties: properties?.utf8)
    }

    /// Bytes held, for memory accounting.
    public var byteCount: Int {
        count * 2 * MemoryLayout<Double>.stride + ids.byteCount + properties.byteCount
    }
}
