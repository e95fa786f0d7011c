import Clusters
import Tiles

extension Grid {
    /// Tile `tile` as a Mapbox Vector Tile (extent 4096): one layer `grid` with a feature per
    /// non-empty cell whose area meets the tile and its buffer (256 units, 16 pixels), its id the
    /// cell's, its properties ``properties(of:)``. Polygons are the cells clipped to the tile and
    /// buffer only (rounded to the tile's units), so a cell across a tile edge is the same cell, same
    /// id and same shape, in every tile it touches; `geometry: .point` gives the cells' centres
    /// instead (which may lie beyond the buffer).
    public func vectorTile(_ tile: TileID, options: GridOptions) throws(GridZoomError) -> [UInt8] {
        let frame = try frame(tile, options: options)
        let (tallies, positions) = tally(frame)
        let features = zip(tallies, positions).map { tally, position -> VectorTileFeature in
            let geometry: VectorTileGeometry
            switch options.geometry {
            case .polygon:
                geometry = .polygon([frame.clippedRings[position].map(Self.rounded)])
            case .point:
                let centre = frame.lattice.centre(of: tally.cell)
                geometry = .points([Self.rounded(frame.units(x: centre.x, y: centre.y))])
            }
            return VectorTileFeature(id: tally.id, geometry: geometry, properties: properties(of: tally))
        }
        return VectorTile.encode([VectorTileLayer(name: Self.vectorTileLayer, extent: UInt32(GridTileFrame.extent), features: features)])
    }

    /// A position in tile units rounded to the nearest unit (halves away from zero).
    private static func rounded(_ point: (x: Double, y: Double)) -> (x: Int32, y: Int32) {
        (Int32(clamping: Int64(point.x.rounded())), Int32(clamping: Int64(point.y.rounded())))
    }
}
