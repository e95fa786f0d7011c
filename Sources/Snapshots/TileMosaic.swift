import Canvas
import Foundation
import Tiles

/// One picture from the tiles under a view: which tiles it needs, and the picture made from them,
/// stitched with no seam and resampled once for a fractional zoom.
///
/// Tiles come from the zoom just above a fractional one (zoom 3.4 is made from zoom-4 tiles shrunk
/// to 66 %), so a picture is never blurred by enlarging; at a whole zoom every tile is copied
/// pixel for pixel. A source whose tiles are 256 px serves an @2x picture from one zoom deeper.
public struct TileMosaic: Sendable {
    /// A tile the view needs, and where it goes: its column and row counted without wrapping
    /// round the world (a view across the antimeridian has columns past the grid's edges).
    public struct Placement: Sendable, Hashable {
        public let tile: TileID
        public let column: Int
        public let row: Int
    }

    public let view: MapView
    /// The zoom of the tiles: the view's (one more for 256 px tiles in an @2x picture), rounded
    /// up, and at most `maximumZoom`.
    public let tileZoom: Int
    /// The tiles' width and height in pixels: 256 · scale for a source with @2x tiles, else 256.
    public let tilePixels: Int
    /// The squares to fill, row by row (a view wider than the world places a tile more than once).
    public let placements: [Placement]

    /// The mosaic of `view` from tiles `tilePixels` wide (default: 256 · the view's scale) of at
    /// most `maximumZoom`.
    public init(view: MapView, maximumZoom: Int, tilePixels: Int? = nil) {
        self.view = view
        let tilePixels = tilePixels ?? 256 * view.scale
        self.tilePixels = tilePixels
        tileZoom = min(max(Int((Self.tileLevel(view: view, tilePixels: tilePixels) - 1e-9).rounded(.up)), 0), maximumZoom)
        let size = Self.tileSide(view: view, tilePixels: tilePixels, tileZoom: tileZoom)
        let columns = Int((Double(view.originX) / size).rounded(.down))...Int((Double(view.originX + view.width - 1) / size).rounded(.down))
        let rows = Int((Double(view.originY) / size).rounded(.down))...Int((Double(view.originY + view.height - 1) / size).rounded(.down))
        let grid = 1 << tileZoom
        var placements: [Placement] = []
        for row in rows where (0..<grid).contains(row) {
            for column in columns {
                let x = ((column % grid) + grid) % grid
                placements.append(Placement(tile: try! TileID(z: tileZoom, x: x, y: row), column: column, row: row))
            }
        }
        self.placements = placements
    }

    /// The side of a tile at `tileZoom` in the view's pixels (less than `tilePixels` between zooms).
    var tileSide: Double { Self.tileSide(view: view, tilePixels: tilePixels, tileZoom: tileZoom) }

    /// The zoom whose tiles, `tilePixels` wide, show the view's pixels one to one (fractional).
    private static func tileLevel(view: MapView, tilePixels: Int) -> Double {
        view.zoom + log2(Double(256 * view.scale) / Double(tilePixels))
    }

    private static func tileSide(view: MapView, tilePixels: Int, tileZoom: Int) -> Double {
        Double(tilePixels) * pow(2, tileLevel(view: view, tilePixels: tilePixels) - Double(tileZoom))
    }

    /// The picture: each placement's tile (nil: none, left transparent) drawn into its square;
    /// a tile of another size than 256 · scale is scaled into it.
    public func picture(tiles: [TileID: Surface]) throws -> Surface {
        let result = try Surface(width: view.width, height: view.height)
        let side = tilePixels
        let shrink = tileSide / Double(side)
        if shrink == 1 {
            try draw(tiles, on: result, offsetX: view.originX, offsetY: view.originY, side: side)
            return result
        }
        // Stitched whole at the tiles' zoom, then resized once (shrunk between zooms, enlarged past
        // `maximumZoom`): no tile edge is filtered on its own.
        let left = Int((Double(view.originX) / shrink).rounded(.down)), top = Int((Double(view.originY) / shrink).rounded(.down))
        let right = Int((Double(view.originX + view.width) / shrink).rounded(.up))
        let bottom = Int((Double(view.originY + view.height) / shrink).rounded(.up))
        let stitched = try Surface(width: right - left, height: bottom - top)
        try draw(tiles, on: stitched, offsetX: left, offsetY: top, side: side)
        let context = Context(result)
        context.draw(stitched, in: Rect(x: Double(left) * shrink - Double(view.originX), y: Double(top) * shrink - Double(view.originY),
                                        width: Double(stitched.width) * shrink, height: Double(stitched.height) * shrink), filter: .good)
        try context.checkStatus("resampling the static map")
        return result
    }

    private func draw(_ tiles: [TileID: Surface], on surface: Surface, offsetX: Int, offsetY: Int, side: Int) throws {
        let context = Context(surface)
        for placement in placements {
            guard let tile = tiles[placement.tile] else { continue }
            let rect = Rect(x: Double(placement.column * side - offsetX), y: Double(placement.row * side - offsetY),
                            width: Double(side), height: Double(side))
            context.draw(tile, in: rect, filter: tile.width == side && tile.height == side ? .nearest : .good)
        }
        try context.checkStatus("stitching the static map")
    }
}
