import Foundation

/// Flat-topped hexagons of edge `size` (EPSG:3857 metres; the distance from centre to corner too),
/// PostGIS's `ST_HexagonGrid`: hexagon (0, 0) is centred on the origin, columns are 1.5·size apart,
/// rows √3·size apart, and odd columns (either sign) sit half a row higher. A hexagon is 2·size
/// wide and √3·size high. The arithmetic is PostGIS's, operation for operation (its √3/2 constant
/// included), so that the corners are the same doubles.
enum HexagonGrid {
    /// cos(π/6) as PostGIS writes it (one unit in the last place above the nearest double to √3/2).
    static let halfRoot3 = 0.8660254037844387

    /// The height of a hexagon: the distance between rows.
    static func rowHeight(size: Double) -> Double { size * 2 * halfRoot3 }

    /// The corners in PostGIS's order, in units of size across and row height up from the centre:
    /// west, south-west, south-east, east, north-east, north-west (anticlockwise with y up).
    private static let cornerX: [Double] = [-1.0, -0.5, 0.5, 1.0, 0.5, -0.5]
    private static let cornerY: [Double] = [0.0, -0.5, -0.5, 0.0, 0.5, 0.5]

    /// Half a row for odd columns, nothing for even ones.
    private static func columnShift(_ i: Int) -> Double { 0.5 * Double(abs(i) % 2) }

    /// The hexagon's corners, as PostGIS computes them (the first is not repeated).
    static func ring(of cell: GridCell, size: Double) -> [(x: Double, y: Double)] {
        let height = rowHeight(size: size)
        return (0..<6).map { k in
            (0.0 + size * (1.5 * Double(cell.i) + cornerX[k]),
             0.0 + height * (Double(cell.j) + columnShift(cell.i) + cornerY[k]))
        }
    }

    /// The hexagon's centre.
    static func centre(of cell: GridCell, size: Double) -> (x: Double, y: Double) {
        (size * 1.5 * Double(cell.i), rowHeight(size: size) * (Double(cell.j) + columnShift(cell.i)))
    }

    /// The hexagon holding the point: the one whose centre is nearest (a regular hexagonal grid's
    /// cells are its centres' Voronoi cells). Only the two columns whose centres bracket x can hold it.
    static func cell(x: Double, y: Double, size: Double) -> GridCell {
        let height = rowHeight(size: size)
        let first = Int((x / (1.5 * size)).rounded(.down))
        var best = GridCell(i: first, j: 0), bestDistance = Double.infinity
        for i in first...(first + 1) {
            let j = Int((y / height - columnShift(i)).rounded())
            let candidate = GridCell(i: i, j: j)
            let middle = centre(of: candidate, size: size)
            let distance = (x - middle.x) * (x - middle.x) + (y - middle.y) * (y - middle.y)
            if distance < bestDistance { best = candidate; bestDistance = distance }
        }
        return best
    }

    /// The hexagons whose extent (2·size wide, a row high) meets the box, column by column.
    static func cells(west: Double, south: Double, east: Double, north: Double, size: Double) -> [GridCell] {
        let width = 1.5 * size, height = rowHeight(size: size)
        let columns = Int(((west - size) / width).rounded(.up))...Int(((east + size) / width).rounded(.down))
        return columns.flatMap { i -> [GridCell] in
            let shift = columnShift(i)
            let low = Int((south / height - shift - 0.5).rounded(.up)), high = Int((north / height - shift + 0.5).rounded(.down))
            return low <= high ? (low...high).map { GridCell(i: i, j: $0) } : []
        }
    }
}
