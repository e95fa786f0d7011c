/// A source that knows which zooms of images it holds, as a local archive does (MBTiles metadata,
/// the PMTiles header): its deepest zoom is where over-zoom starts unless a `maxzoom` is given.
public protocol ZoomRangedSource: TileSource {
    /// The zooms of the images the archive says it holds; nil when it does not say, or when it holds
    /// vector tiles (which are not over-zoomed by scaling).
    var storedZooms: ClosedRange<Int>? { get }
}

extension PMTilesSource: ZoomRangedSource {
    public var storedZooms: ClosedRange<Int>? {
        let header = reader.header
        guard header.tileType != .mvt, header.addressedTiles > 0, header.minZoom <= header.maxZoom else { return nil }
        return Int(header.minZoom)...Int(header.maxZoom)
    }
}

extension MBTilesSource: ZoomRangedSource {
    public var storedZooms: ClosedRange<Int>? {
        guard PMTilesHeader.TileType(format: metadata["format"] ?? "png") != .mvt,
              let minzoom = metadata["minzoom"].flatMap({ Int($0) }), let maxzoom = metadata["maxzoom"].flatMap({ Int($0) }),
              (0...TileID.maximumZoom).contains(minzoom), (minzoom...TileID.maximumZoom).contains(maxzoom) else { return nil }
        return minzoom...maxzoom
    }
}
