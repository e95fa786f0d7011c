import Canvas
import ClusterOverlays
import Clusters
import Tiles

/// A static map: the tiles under a view, then a path, a dataset's clusters, pins and the
/// attribution drawn over them at their projected positions.
public struct Snapshot: Sendable {
    public let mosaic: TileMosaic
    public var overlays: StaticOverlays
    /// A dataset's clusters, drawn as its overlay tiles draw them.
    public var clusters: (index: ClusterIndex, overlay: ClusterOverlay)?

    public init(mosaic: TileMosaic, overlays: StaticOverlays = StaticOverlays(), clusters: (index: ClusterIndex, overlay: ClusterOverlay)? = nil) {
        self.mosaic = mosaic
        self.overlays = overlays
        self.clusters = clusters
    }

    /// Fetches every tile the view needs, at once (`fetch` answers nil for a tile the source does
    /// not have: left transparent), then draws the picture.
    public func render(fetch: @escaping @Sendable (TileID) async throws -> Surface?) async throws -> Surface {
        let tiles = try await withThrowingTaskGroup(of: (TileID, Surface?).self) { group in
            for tile in Set(mosaic.placements.map(\.tile)) {
                group.addTask { (tile, try await fetch(tile)) }
            }
            var tiles: [TileID: Surface] = [:]
            for try await (tile, surface) in group { tiles[tile] = surface }
            return tiles
        }
        return try render(tiles: tiles)
    }

    /// Draws the picture from tiles already at hand.
    public func render(tiles: [TileID: Surface]) throws -> Surface {
        let view = mosaic.view
        let picture = try mosaic.picture(tiles: tiles)
        try overlays.drawPath(on: picture, view: view)
        if let clusters {
            // The clusters of the zoom below a fractional one, spread to the view's scale.
            let clusterZoom = Int(view.zoom.rounded(.down))
            let tileSize = view.worldSize / Double(1 << clusterZoom)
            try clusters.overlay.draw(clusters.index, zoom: clusterZoom, tileSize: tileSize, pixelOriginX: view.originX,
                                      pixelOriginY: view.originY, on: picture, scale: Double(view.scale))
        }
        try overlays.drawPinsAndAttribution(on: picture, view: view)
        return picture
    }
}
