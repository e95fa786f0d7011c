import Foundation

/// The cells of one grid at one zoom: squares or hexagons on a fixed lattice of the EPSG:3857
/// plane, `cell` pixels of a 256-pixel tile across (a square's side, a hexagon's edge), so that a
/// cell is the same cell in every tile and every request. The cells are PostGIS's:
/// `ST_SquareGrid(size, bounds)` and `ST_HexagonGrid(size, bounds)` with `size` = ``size``, the
/// same corners as the same doubles and the same (i, j).
public struct GridLattice: Sendable, Hashable {
    public let shape: GridShape
    public let zoom: Int
    /// The cell's size in pixels of a 256-pixel tile: a power of two from 8 to 256.
    public let cell: Int
    /// The cell size in EPSG:3857 metres: `cell` times the metres per pixel of a 256-pixel tile at
    /// the zoom. The `size` to give PostGIS.
    public let size: Double

    /// The EPSG:3857 sphere's radius (metres).
    public static let earthRadius = 6_378_137.0
    /// The width of the EPSG:3857 world (metres): 2π times the radius.
    public static let worldWidth = 2 * Double.pi * earthRadius
    /// The cell sizes a grid may have.
    public static let cellSizes = [8, 16, 32, 64, 128, 256]
    /// The finest lattice an id can name: zoom + 8 − log₂(cell) at most this.
    public static let maxLevel = 23

    /// The lattice, or nil when the cell is not one of ``cellSizes`` or the zoom is beyond the
    /// lattice's limit (``maxZoom(cell:)``).
    public init?(shape: GridShape, zoom: Int, cell: Int) {
        guard Self.cellSizes.contains(cell), zoom >= 0, zoom <= Self.maxZoom(cell: cell) else { return nil }
        self.shape = shape
        self.zoom = zoom
        self.cell = cell
        size = Double(cell) * Self.worldWidth / Double(256 << zoom)
    }

    /// The deepest zoom a grid of `cell` pixels goes to: 15 + log₂(cell) (18 for 8 pixels, 20 for 32).
    public static func maxZoom(cell: Int) -> Int { maxLevel - 8 + cell.trailingZeroBitCount }

    /// The lattice's level: zoom + 8 − log₂(cell). Lattices of the same shape and level are the
    /// same cells (zoom 5 with 32-pixel cells is zoom 6 with 64-pixel cells).
    public var level: Int { zoom + 8 - cell.trailingZeroBitCount }


    /// The cell holding a point given in EPSG:3857 metres.
    public func cell(x: Double, y: Double) -> GridCell {
        switch shape {
        case .square: SquareGrid.cell(x: x, y: y, size: size)
        case .hex: HexagonGrid.cell(x: x, y: y, size: size)
        }
    }

    /// The cell holding a longitude and latitude (spherical Mercator, as PROJ's EPSG:3857 computes it).
    public func cell(longitude: Double, latitude: Double) -> GridCell {
        let projected = Self.project(longitude: longitude, latitude: latitude)
        return cell(x: projected.x, y: projected.y)
    }

    /// The cell's corners in EPSG:3857 metres, in PostGIS's order (the first not repeated):
    /// squares clockwise from the south-west corner, hexagons anticlockwise from the west corner.
    public func ring(of cell: GridCell) -> [(x: Double, y: Double)] {
        switch shape {
        case .square: SquareGrid.ring(of: cell, size: size)
        case .hex: HexagonGrid.ring(of: cell, size: size)
        }
    }

    /// The cell's centre (its centroid) in EPSG:3857 metres.
    public func centre(of cell: GridCell) -> (x: Double, y: Double) {
        switch shape {
        case .square: SquareGrid.centre(of: cell, size: size)
        case .hex: HexagonGrid.centre(of: cell, size: size)
        }
    }

    /// The cells whose extent meets the box (EPSG:3857 metres), a superset of those whose area does.
    public func cells(west: Double, south: Double, east: Double, north: Double) -> [GridCell] {
        switch shape {
        case .square: SquareGrid.cells(west: west, south: south, east: east, north: north, size: size)
        case .hex: HexagonGrid.cells(west: west, south: south, east: east, north: north, size: size)
        }
    }

    /// The cell's id: stable, the same for the same cell in every tile and request, and the same
    /// for lattices of the same shape and ``level``. Below 2⁵² (exact in JSON and JavaScript):
    /// `level · 2⁴⁷ + shape · 2⁴⁶ + (i + 2²²) · 2²³ + (j + 2²²)`, shape 0 for squares and 1 for
    /// hexagons. Nil for a cell beyond the lattice's ids (farther than 2²² cells from the origin,
    /// which no cell of the world at the allowed zooms is).
    public func id(of cell: GridCell) -> UInt64? {
        let half = 1 << 22
        guard (-half..<half).contains(cell.i), (-half..<half).contains(cell.j) else { return nil }
        let shapeBit: UInt64 = shape == .hex ? 1 : 0
        return UInt64(level) << 47 | shapeBit << 46 | UInt64(cell.i + half) << 23 | UInt64(cell.j + half)
    }

    /// A longitude and latitude in EPSG:3857 metres: x = R·λ, y = R·asinh(tan φ), PROJ's spherical
    /// Mercator with its degrees-to-radians factor, so the same doubles as PostGIS's `ST_Transform`.
    public static func project(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        (earthRadius * (longitude * radiansPerDegree), earthRadius * asinh(tan(latitude * radiansPerDegree)))
    }

    /// π / 180, as PROJ's `DEG_TO_RAD`.
    private static let radiansPerDegree = 0.017453292519943295

    /// EPSG:3857 metres back to a longitude and latitude.
    public static func unproject(x: Double, y: Double) -> (longitude: Double, latitude: Double) {
        (x / earthRadius * 180 / Double.pi, atan(sinh(y / earthRadius)) * 180 / Double.pi)
    }
}
