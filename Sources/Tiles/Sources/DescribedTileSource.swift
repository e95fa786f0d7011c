/// A source that describes itself, as tile archives do: MBTiles-style metadata rows (`name`,
/// `format`, `bounds`, `center`, `minzoom`, `maxzoom`, `attribution`, `description`, and `json`
/// with `vector_layers`), which the server's TileJSON takes.
public protocol DescribedTileSource: TileSource {
    /// The rows; a remote archive is opened (or found replaced and opened again) to read them.
    func tilesetMetadata() async throws -> [String: String]
}

extension PMTilesSource: DescribedTileSource {
    public func tilesetMetadata() async throws -> [String: String] { Self.metadata(of: reader) }

    /// An archive's metadata, with bounds, center and zooms from its header (where PMTiles keeps them).
    package static func metadata(of reader: PMTilesReader) -> [String: String] {
        var rows = reader.metadata
        let header = reader.header
        if let bounds = header.bounds { rows["bounds"] = "\(bounds.west),\(bounds.south),\(bounds.east),\(bounds.north)" }
        rows["center"] = "\(Double(header.centerLonE7) / 1e7),\(Double(header.centerLatE7) / 1e7),\(header.centerZoom)"
        if header.addressedTiles > 0 {
            rows["minzoom"] = String(header.minZoom)
            rows["maxzoom"] = String(header.maxZoom)
        }
        return rows
    }
}
