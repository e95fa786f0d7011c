import Foundation

/// Conversions between longitude/latitude (WGS 84 degrees) and tile coordinates in the spherical
/// Web Mercator projection (EPSG:3857) every XYZ tile set uses.
public enum WebMercator {
    /// The latitude where the square Web Mercator world ends: atan(sinh(π)) in degrees.
    public static let maximumLatitude = 85.0511287798066

    /// The fractional tile position of a point at `zoom`: x grows eastwards, y southwards, both in
    /// `0...2^zoom`. Latitudes are clamped to ±``maximumLatitude``, longitudes to ±180.
    public static func tilePosition(longitude: Double, latitude: Double, zoom: Int) -> (x: Double, y: Double) {
        let n = Double(1 << zoom)
        let lon = min(max(longitude, -180), 180)
        let lat = min(max(latitude, -maximumLatitude), maximumLatitude) * .pi / 180
        let x = (lon + 180) / 360 * n
        let y = (1 - log(tan(lat) + 1 / cos(lat)) / .pi) / 2 * n
        return (x, min(max(y, 0), n))
    }

    /// The tile containing a point (a point on a tile edge belongs to the tile east/south of it,
    /// except on the world's east and south edges).
    public static func tile(longitude: Double, latitude: Double, zoom: Int) -> TileID {
        let position = tilePosition(longitude: longitude, latitude: latitude, zoom: zoom)
        let last = (1 << zoom) - 1
        return TileID(unchecked: zoom, min(Int(position.x.rounded(.down)), last), min(Int(position.y.rounded(.down)), last))
    }

    /// The longitude of a fractional tile column at `zoom`.
    public static func longitude(x: Double, zoom: Int) -> Double {
        x / Double(1 << zoom) * 360 - 180
    }

    /// The latitude of a fractional tile row at `zoom`.
    public static func latitude(y: Double, zoom: Int) -> Double {
        let n = Double.pi - 2 * Double.pi * y / Double(1 << zoom)
        return atan(sinh(n)) * 180 / .pi
    }
}

extension TileID {
    /// The tile's extent in degrees.
    public var bounds: BoundingBox {
        BoundingBox(unchecked: WebMercator.longitude(x: Double(x), zoom: z),
                    WebMercator.latitude(y: Double(y + 1), zoom: z),
                    WebMercator.longitude(x: Double(x + 1), zoom: z),
                    WebMercator.latitude(y: Double(y), zoom: z))
    }
}
