/// The `metadata` table of an MBTiles file (spec 1.3): what map viewers read to set themselves up.
public struct MBTilesMetadata: Equatable, Sendable {
    public var name: String
    /// `png`, `jpg` or `webp`.
    public var format: String
    public var bounds: BoundingBox?
    public var minzoom: Int?
    public var maxzoom: Int?
    public var extra: [String: String]

    public init(name: String, format: String, bounds: BoundingBox? = nil, minzoom: Int? = nil, maxzoom: Int? = nil,
                extra: [String: String] = [:]) {
        self.name = name
        self.format = format
        self.bounds = bounds
        self.minzoom = minzoom
        self.maxzoom = maxzoom
        self.extra = extra
    }

    /// The rows to store: name, format, bounds, center (middle of the bounds at the lowest zoom), zooms, extras.
    var rows: [(String, String)] {
        var rows = [("name", name), ("format", format)]
        if let bounds {
            rows.append(("bounds", "\(bounds.west),\(bounds.south),\(bounds.east),\(bounds.north)"))
            let east = bounds.crossesAntimeridian ? bounds.east + 360 : bounds.east
            var longitude = (bounds.west + east) / 2
            if longitude > 180 { longitude -= 360 }
            rows.append(("center", "\(longitude),\((bounds.south + bounds.north) / 2),\(minzoom ?? 0)"))
        }
        if let minzoom { rows.append(("minzoom", String(minzoom))) }
        if let maxzoom { rows.append(("maxzoom", String(maxzoom))) }
        return rows + extra.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
