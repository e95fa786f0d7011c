import Clusters
import Tiles

extension Grid {
    /// Tile `tile` as a GeoJSON FeatureCollection: the cells of ``vectorTile(_:options:)``, each a
    /// Feature with the cell's id and ``properties(of:)``, its geometry the whole cell (not
    /// clipped) as a longitude/latitude Polygon wound anticlockwise (RFC 7946; a hexagon's corners
    /// in PostGIS's order, a square's reversed), or its centre as a Point for `geometry: .point`.
    public func geoJSON(_ tile: TileID, options: GridOptions) throws(GridZoomError) -> [UInt8] {
        let frame = try frame(tile, options: options)
        let lattice = frame.lattice
        var output = JSONOutput(reservingCapacity: 4096)
        output.raw("{\"type\":\"FeatureCollection\",\"features\":[")
        for (number, tally) in tally(frame).tallies.enumerated() {
            if number > 0 { output.raw(",") }
            output.raw("{\"type\":\"Feature\",\"id\":")
            output.integer(tally.id)
            output.raw(",\"properties\":{")
            for (position, member) in properties(of: tally).enumerated() {
                if position > 0 { output.raw(",") }
                output.string(member.key)
                output.raw(":")
                output.write(member.value)
            }
            output.raw("},\"geometry\":")
            switch options.geometry {
            case .polygon:
                var ring = lattice.ring(of: tally.cell)
                if GridClipping.doubledArea(ring) < 0 { ring.reverse() }
                output.raw("{\"type\":\"Polygon\",\"coordinates\":[[")
                for (position, corner) in (ring + [ring[0]]).enumerated() {
                    if position > 0 { output.raw(",") }
                    writePosition(corner, to: &output)
                }
                output.raw("]]}")
            case .point:
                output.raw("{\"type\":\"Point\",\"coordinates\":")
                writePosition(lattice.centre(of: tally.cell), to: &output)
                output.raw("}")
            }
            output.raw("}")
        }
        output.raw("]}")
        return output.bytes
    }

    /// `[longitude,latitude]` of an EPSG:3857 point.
    private func writePosition(_ point: (x: Double, y: Double), to output: inout JSONOutput) {
        let (longitude, latitude) = GridLattice.unproject(x: point.x, y: point.y)
        output.raw("[")
        output.number(longitude)
        output.raw(",")
        output.number(latitude)
        output.raw("]")
    }
}
