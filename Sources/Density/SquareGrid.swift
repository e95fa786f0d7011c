import Foundation

/// Squares of side `size` (EPSG:3857 metres) with a corner at the origin: PostGIS's `ST_SquareGrid`.
/// Square (i, j) spans x from `size·i` to `size·(i + 1)` and y from `size·j` to `size·(j + 1)`.
enum SquareGrid {
    /// The square holding the point (a point on an edge belongs to the square east or north of it).
    static func cell(x: Double, y: Double, size: Double) -> GridCell {
        GridCell(i: Int((x / size).rounded(.down)), j: Int((y / size).rounded(.down)))
    }

    /// The square's corners as PostGIS writes them (`lwpoly_construct_envelope`): south-west,
    /// north-west, north-east, south-east (clockwise with y up; the first is not repeated).
    static func ring(of cell: GridCell, size: Double) -> [(x: Double, y: Double)] {
        let west = size * Double(cell.i), east = size * Double(cell.i + 1)
        let south = size * Double(cell.j), north = size * Double(cell.j + 1)
        return [(west, south), (west, north), (east, north), (east, south)]
    }

    /// The square's centre.
    static func centre(of cell: GridCell, size: Double) -> (x: Double, y: Double) {
        (size * (Double(cell.i) + 0.5), size * (Double(cell.j) + 0.5))
    }

    /// The squares whose extent meets the box (edges included), column by column.
    static func cells(west: Double, south: Double, east: Double, north: Double, size: Double) -> [GridCell] {
        let columns = Int((west / size).rounded(.down))...Int((east / size).rounded(.down))
        let rows = Int((south / size).rounded(.down))...Int((north / size).rounded(.down))
        return columns.flatMap { i in rows.map { GridCell(i: i, j: $0) } }
    }
}
