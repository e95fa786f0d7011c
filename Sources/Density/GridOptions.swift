/// How a grid is asked for: the cells' shape and size, and whether a vector tile's features are
/// the cells' polygons or their centres. Parsed from the query's (or command line's) text.
public struct GridOptions: Sendable, Hashable {
    /// What a vector tile's features draw.
    public enum Geometry: String, Sendable, Hashable, CaseIterable {
        /// Each cell's polygon, clipped to the tile and its buffer.
        case polygon
        /// Each cell's centre.
        case point
    }

    public var shape: GridShape
    /// The cell's size in pixels of a 256-pixel tile: one of ``GridLattice/cellSizes``.
    public var cell: Int
    public var geometry: Geometry

    /// The default cell size: 32 pixels.
    public static let defaultCell = 32

    public init(shape: GridShape = .square, cell: Int = defaultCell, geometry: Geometry = .polygon) {
        self.shape = shape
        self.cell = cell
        self.geometry = geometry
    }

    /// The options given as text (`cell=64`, `shape=hex`, `geometry=point`); nil takes the default.
    /// An unknown value is an error that names the parameter and the values it takes.
    public init(shape: String?, cell: String?, geometry: String?) throws(GridOptionsError) {
        self.init()
        if let shape {
            guard let parsed = GridShape(rawValue: shape) else {
                throw GridOptionsError(parameter: "shape", value: shape, expected: GridShape.allCases.map(\.rawValue))
            }
            self.shape = parsed
        }
        if let cell {
            guard let parsed = Int(cell), GridLattice.cellSizes.contains(parsed) else {
                throw GridOptionsError(parameter: "cell", value: cell, expected: GridLattice.cellSizes.map(String.init))
            }
            self.cell = parsed
        }
        if let geometry {
            guard let parsed = Geometry(rawValue: geometry) else {
                throw GridOptionsError(parameter: "geometry", value: geometry, expected: Geometry.allCases.map(\.rawValue))
            }
            self.geometry = parsed
        }
    }

    /// The lattice at `zoom`, or nil when the zoom is beyond the cell size's deepest
    /// (``GridLattice/maxZoom(cell:)``).
    public func lattice(zoom: Int) -> GridLattice? {
        GridLattice(shape: shape, zoom: zoom, cell: cell)
    }
}

/// A grid option whose value is not one the grid takes.
public struct GridOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
    public let parameter: String
    public let value: String
    public let expected: [String]
    public var description: String { "\(parameter) '\(value)' is not one of \(expected.joined(separator: ", "))" }
}
