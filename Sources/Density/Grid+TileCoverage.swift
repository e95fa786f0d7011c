import Tiles

extension Grid {
    /// The tiles of `zoom` with a non-empty cell, sorted by row then column: what `cairn grid`
    /// writes, so that empty tiles are never produced. A tile is listed when a cell holding a point
    /// keeps area in it and its buffer, as ``vectorTile(_:options:)`` keeps cells.
    public func coveredTiles(zoom: Int, options: GridOptions) throws(GridZoomError) -> [TileID] {
        guard let lattice = options.lattice(zoom: zoom) else { throw GridZoomError(zoom: zoom, cell: options.cell) }
        var cells = Set<GridCell>()
        let points = index.points
        for point in 0..<points.count {
            cells.insert(lattice.cell(longitude: points.longitudes[point], latitude: points.latitudes[point]))
        }
        let side = 1 << zoom
        let tileWidth = GridLattice.worldWidth / Double(side)
        var tiles = Set<Int>()
        for cell in cells {
            let ring = lattice.ring(of: cell)
            // The tiles the cell's extent, grown by the buffer, reaches; then those keeping area of it.
            let grow = Double(GridTileFrame.buffer) / Double(GridTileFrame.extent)
            func tileRange(_ values: [Double]) -> ClosedRange<Int> {
                let low = Int((values.min()! / tileWidth - grow).rounded(.down)), high = Int((values.max()! / tileWidth + grow).rounded(.down))
                return max(0, low)...min(side - 1, max(0, high))
            }
            let columns = tileRange(ring.map { $0.x + GridLattice.worldWidth / 2 })
            let rows = tileRange(ring.map { GridLattice.worldWidth / 2 - $0.y })
            for y in rows {
                for x in columns {
                    guard let tile = try? TileID(z: zoom, x: x, y: y) else { continue }
                    let (west, north, unitsPerMetre) = GridTileFrame.origin(of: tile)
                    let units = ring.map { GridTileFrame.units(x: $0.x, y: $0.y, west: west, north: north, unitsPerMetre: unitsPerMetre) }
                    if GridTileFrame.keptPart(of: units) != nil { tiles.insert(y * side + x) }
                }
            }
        }
        return tiles.sorted().compactMap { try? TileID(z: zoom, x: $0 % side, y: $0 / side) }
    }
}
