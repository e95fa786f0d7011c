import Foundation
import Tiles

/// The region a static map shows: a zoom (fractional allowed), the picture's size in pixels, and
/// where its top-left corner lies among the pixels of the whole world at that zoom.
///
/// The corner is a whole pixel, so at a whole zoom the picture is exactly a window of the tiles,
/// pixel for pixel; a centre moves by at most half a pixel to get there.
public struct MapView: Sendable, Equatable {
    public let zoom: Double
    /// 1, or 2 for `@2x`: pixels per point, for tiles and for everything drawn over them.
    public let scale: Int
    /// The picture's size in pixels (points × scale).
    public let width: Int
    public let height: Int
    /// The picture's top-left corner in the world's pixels at `zoom` (see ``worldSize``).
    public let originX: Int
    public let originY: Int

    /// The width of the whole world at `zoom`, in pixels: 256 · scale · 2^zoom.
    public var worldSize: Double { 256 * Double(scale) * pow(2, zoom) }

    /// A view centred on a point; `width` and `height` in points.
    public init(longitude: Double, latitude: Double, zoom: Double, width: Int, height: Int, scale: Int) {
        self.zoom = zoom
        self.scale = scale
        self.width = width * scale
        self.height = height * scale
        let world = 256 * Double(scale) * pow(2, zoom)
        let centre = Self.worldPosition(longitude: longitude, latitude: latitude)
        originX = Int((centre.x * world - Double(self.width) / 2).rounded())
        originY = Int((centre.y * world - Double(self.height) / 2).rounded())
    }

    /// The view that fits `box` (west may exceed east: across the antimeridian) into the picture
    /// with `padding` points left clear on every side, at the highest zoom within `zooms`.
    public init(fitting box: BoundingBox, padding: Int, width: Int, height: Int, scale: Int, zooms: ClosedRange<Double>) {
        let northWest = Self.worldPosition(longitude: box.west, latitude: box.north)
        let southEast = Self.worldPosition(longitude: box.east, latitude: box.south)
        var spanX = southEast.x - northWest.x
        if spanX <= 0 { spanX += 1 }
        let spanY = max(southEast.y - northWest.y, 1e-12)
        let roomX = Double(max(width - 2 * padding, 1)), roomY = Double(max(height - 2 * padding, 1))
        let fit = log2(min(roomX / (256 * max(spanX, 1e-12)), roomY / (256 * spanY)))
        let zoom = min(max(fit, zooms.lowerBound), zooms.upperBound)
        var centreX = northWest.x + spanX / 2
        if centreX > 1 { centreX -= 1 }
        let centreY = northWest.y + spanY / 2
        self.init(longitude: centreX * 360 - 180, latitude: WebMercator.latitude(y: centreY, zoom: 0),
                  zoom: zoom, width: width, height: height, scale: scale)
    }

    /// Where a point falls in the picture, in pixels from its top-left corner (the copy of the
    /// world nearest the picture's centre, for views that cross the antimeridian).
    public func pixel(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let world = worldSize
        let position = Self.worldPosition(longitude: longitude, latitude: latitude)
        var x = position.x * world - Double(originX)
        let centre = Double(width) / 2
        x -= ((x - centre) / world).rounded() * world
        return (x, position.y * world - Double(originY))
    }

    /// A point in the world as a fraction of its width and height (Web Mercator, 0…1 both ways).
    static func worldPosition(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        WebMercator.tilePosition(longitude: longitude, latitude: latitude, zoom: 0)
    }
}
