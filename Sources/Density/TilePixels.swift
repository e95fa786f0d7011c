import Foundation
import Tiles

/// The output pixels of one tile of the square Web Mercator world: where a longitude and latitude
/// land on it, at the tile's zoom and scale (`@2x` tiles have 512 pixels across). Density maps draw
/// on these pixels; a pixel's centre is at (column + 0.5, row + 0.5).
public struct TilePixels: Sendable, Equatable {
    public let tile: TileID
    /// Output pixels per CSS pixel: 1, or 2 for `@2x`.
    public let scale: Int

    public init(tile: TileID, scale: Int = 1) {
        self.tile = tile
        self.scale = scale
    }

    /// Pixels across (and down) the tile: 256 × scale.
    public var size: Int { 256 * scale }

    /// Pixels across the whole world at the tile's zoom and scale.
    public var worldSize: Double { Double(size) * Double(1 << tile.z) }

    /// A point's position in the tile's pixels (it may fall outside 0…``size``).
    public func pixel(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let position = WebMercator.tilePosition(longitude: longitude, latitude: latitude, zoom: tile.z)
        return ((position.x - Double(tile.x)) * Double(size), (position.y - Double(tile.y)) * Double(size))
    }

    /// The area the tile shows widened by `margin` pixels on every side (the points that can reach
    /// its pixels through a kernel of that radius), clamped to the world's latitudes.
    public func bounds(margin: Double) -> BoundingBox {
        let grow = margin / Double(size)
        let n = Double(1 << tile.z)
        let north = WebMercator.latitude(y: max(0, Double(tile.y) - grow), zoom: tile.z)
        let south = WebMercator.latitude(y: min(n, Double(tile.y + 1) + grow), zoom: tile.z)
        let west = WebMercator.longitude(x: Double(tile.x) - grow, zoom: tile.z)
        let east = WebMercator.longitude(x: Double(tile.x + 1) + grow, zoom: tile.z)
        // Clamped to the world, so always a valid box.
        return (try? BoundingBox(west: max(west, -180), south: south, east: min(east, 180), north: north)) ?? .world
    }

    /// EPSG:3857 metres per output pixel at the equator (the same everywhere in projected units).
    public var metresPerPixel: Double { 2 * Double.pi * 6_378_137 / worldSize }
}
