import Tiles

/// One tile of a grid: the cells whose area meets the tile grown by its buffer, each with what a
/// vector tile keeps of it (its polygon clipped to the tile and buffer, in tile units: x right,
/// y down, 0…``extent`` across the tile).
struct GridTileFrame {
    /// The vector tile's units across a tile.
    static let extent = 4096
    /// How far the kept cells reach beyond the tile, in tile units (16 pixels of a 256-pixel tile,
    /// `ST_AsMVTGeom`'s default).
    static let buffer = 256

    let lattice: GridLattice
    let tile: TileID
    /// The cells, column by column then row by row.
    let cells: [GridCell]
    /// Each cell's polygon clipped to the tile and buffer, in tile units.
    let clippedRings: [[(x: Double, y: Double)]]
    /// The EPSG:3857 box the cells cover (their extents together).
    let coveredWest: Double, coveredSouth: Double, coveredEast: Double, coveredNorth: Double
    /// The tile's west and north edges (EPSG:3857 metres) and its units per metre.
    private let west: Double, north: Double, unitsPerMetre: Double
    /// Each cell's position in ``cells`` (−1 for none) over the columns and rows they span.
    private let positions: [Int32]
    private let firstColumn: Int, firstRow: Int, columns: Int, rows: Int

    init(lattice: GridLattice, tile: TileID) {
        self.lattice = lattice
        self.tile = tile
        let (west, north, unitsPerMetre) = Self.origin(of: tile)
        let width = Double(Self.extent) / unitsPerMetre
        self.west = west
        self.north = north
        self.unitsPerMetre = unitsPerMetre
        let grow = Double(Self.buffer) / unitsPerMetre
        var cells: [GridCell] = [], rings: [[(x: Double, y: Double)]] = []
        var covered = (west: Double.infinity, south: Double.infinity, east: -Double.infinity, north: -Double.infinity)
        for cell in lattice.cells(west: west - grow, south: north - width - grow, east: west + width + grow, north: north + grow) {
            let ring = lattice.ring(of: cell)
            let units = ring.map { Self.units(x: $0.x, y: $0.y, west: west, north: north, unitsPerMetre: unitsPerMetre) }
            guard let clipped = Self.keptPart(of: units) else { continue }
            cells.append(cell)
            rings.append(clipped)
            for corner in ring {
                covered = (min(covered.west, corner.x), min(covered.south, corner.y), max(covered.east, corner.x), max(covered.north, corner.y))
            }
        }
        self.cells = cells
        clippedRings = rings
        let firstColumn = cells.map(\.i).min() ?? 0, firstRow = cells.map(\.j).min() ?? 0
        let columns = (cells.map(\.i).max() ?? firstColumn - 1) - firstColumn + 1
        let rows = (cells.map(\.j).max() ?? firstRow - 1) - firstRow + 1
        var positions = [Int32](repeating: -1, count: columns * rows)
        for (position, cell) in cells.enumerated() {
            positions[(cell.i - firstColumn) * rows + cell.j - firstRow] = Int32(position)
        }
        (self.firstColumn, self.firstRow, self.columns, self.rows, self.positions) = (firstColumn, firstRow, columns, rows, positions)
        coveredWest = covered.west
        coveredSouth = covered.south
        coveredEast = covered.east
        coveredNorth = covered.north
    }

    /// The cell's position in ``cells``, nil when it is not one of them.
    func position(of cell: GridCell) -> Int? {
        let column = cell.i - firstColumn, row = cell.j - firstRow
        guard column >= 0, column < columns, row >= 0, row < rows else { return nil }
        let position = positions[column * rows + row]
        return position < 0 ? nil : Int(position)
    }

    /// The EPSG:3857 point at the tile's units (x right, y down).
    func metres(units: (x: Double, y: Double)) -> (x: Double, y: Double) {
        (west + units.x / unitsPerMetre, north - units.y / unitsPerMetre)
    }

    /// A point of the EPSG:3857 plane in the tile's units.
    func units(x: Double, y: Double) -> (x: Double, y: Double) {
        Self.units(x: x, y: y, west: west, north: north, unitsPerMetre: unitsPerMetre)
    }

    /// What a tile keeps of a cell's ring given in its units: the part in the tile and buffer, nil
    /// when that part has no area (less than 10⁻⁹ of the tile's: a cell only touching the buffer's
    /// edge is not the tile's).
    static func keptPart(of ring: [(x: Double, y: Double)]) -> [(x: Double, y: Double)]? {
        let kept = -Double(buffer)...Double(extent + buffer)
        let clipped = GridClipping.clip(ring, x: kept, y: kept)
        let leastArea = 1e-9 * Double(extent * extent)
        guard clipped.count >= 3, abs(GridClipping.doubledArea(clipped)) > 2 * leastArea else { return nil }
        return clipped
    }

    /// The tile's west and north edges in EPSG:3857 metres, and its units per metre.
    static func origin(of tile: TileID) -> (west: Double, north: Double, unitsPerMetre: Double) {
        let width = GridLattice.worldWidth / Double(1 << tile.z)
        return (-GridLattice.worldWidth / 2 + Double(tile.x) * width, GridLattice.worldWidth / 2 - Double(tile.y) * width,
                Double(extent) / width)
    }

    static func units(x: Double, y: Double, west: Double, north: Double, unitsPerMetre: Double) -> (x: Double, y: Double) {
        ((x - west) * unitsPerMetre, (north - y) * unitsPerMetre)
    }
}
