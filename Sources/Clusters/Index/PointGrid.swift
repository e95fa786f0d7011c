/// The points of an index in a uniform grid over their bounding box, without a KD-tree: cells at
/// least `reach` wide and high, so that two points within `reach` of each other are in one cell or in two
/// next to each other. It finds every pair of points within `reach` (for ``SparseNeighbours``) and
/// the points near any position, in one sort of the points by cell (``CellSort``).
///
/// Which points are found does not depend on how they are found: a caller tests each candidate
/// exactly as kdbush's search does (``NeighbourTest``).
struct PointGrid {
    /// Cells across and down.
    let columns: Int
    let rows: Int
    /// Where the grid starts, and cells per unit, along x and y.
    private let minX: Double, minY: Double, scaleX: Double, scaleY: Double
    /// The points by cell, and where each cell's run starts in them (`columns · rows + 2` entries).
    private let byCell: [Int32]
    private let cellStart: [Int32]
    /// The sum over the cells of the square of their points: about how many pairs a sweep compares.
    let crowding: Int
    /// Whether the number of points set the cells' size (at most about two cells a point), not
    /// the reach: a narrower reach would get about the same cells.
    let sizedByCount: Bool

    /// Puts the `x.count` points in cells at least `reach` wide and high over their bounding box,
    /// at most about two cells a point.
    init(x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, reach: Double) {
        let count = x.count
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for p in 0..<count {
            minX = min(minX, Double(x[p])); maxX = max(maxX, Double(x[p]))
            minY = min(minY, Double(y[p])); maxY = max(maxY, Double(y[p]))
        }
        if !(minX <= maxX) || !(maxX - minX).isFinite { (minX, maxX) = (0, 0) }
        if !(minY <= maxY) || !(maxY - minY).isFinite { (minY, maxY) = (0, 0) }
        var columns = max(1, min(Double(1 << 20), ((maxX - minX) / (reach * 1.0001)).rounded(.down)))
        var rows = max(1, min(Double(1 << 20), ((maxY - minY) / (reach * 1.0001)).rounded(.down)))
        let most = Double(2 * count + 16)
        sizedByCount = columns * rows > most
        if sizedByCount {
            let shrink = (most / (columns * rows)).squareRoot()
            columns = max(1, (columns * shrink).rounded(.down))
            rows = max(1, min((most / columns).rounded(.down), (rows * shrink).rounded(.down)))
        }
        let scaleX = maxX > minX ? columns / (maxX - minX) : 0
        let scaleY = maxY > minY ? rows / (maxY - minY) : 0
        (self.columns, self.rows, self.minX, self.minY, self.scaleX, self.scaleY) = (Int(columns), Int(rows), minX, minY, scaleX, scaleY)
        let cells = self.columns * self.rows
        let (columnCount, rowCount) = (self.columns, self.rows)
        // Points by cell, each cell in point order.
        let keys = CellSort.sorted(count: count, cellCount: cells) { p in
            Self.cell(Double(y[p]), minY, scaleY, rowCount) * columnCount + Self.cell(Double(x[p]), minX, scaleX, columnCount)
        }
        var byCell = [Int32](repeating: 0, count: count)
        var starts = [Int32](repeating: 0, count: cells + 2)
        for (k, key) in keys.enumerated() {
            byCell[k] = Int32(truncatingIfNeeded: key & 0xFFFF_FFFF)
            starts[Int(truncatingIfNeeded: key >> 32) + 1] &+= 1
        }
        var crowding = 0
        for c in 0..<cells {
            crowding &+= Int(starts[c + 1]) * Int(starts[c + 1])
            starts[c + 1] &+= starts[c]
        }
        self.crowding = crowding
        starts[cells + 1] = starts[cells]
        self.byCell = byCell
        cellStart = starts
    }

    /// The column or row a coordinate falls in; anything beyond the grid (or not a number) in the
    /// nearest edge cell, so that the cells keep the coordinates' order.
    @inline(__always)
    private static func cell(_ coordinate: Double, _ origin: Double, _ scale: Double, _ count: Int) -> Int {
        let scaled = (coordinate - origin) * scale
        return scaled >= 1 ? (scaled < Double(count) ? Int(scaled) : count - 1) : 0
    }

    @inline(__always)
    private func column(_ x: Double) -> Int { Self.cell(x, minX, scaleX, columns) }

    @inline(__always)
    private func row(_ y: Double) -> Int { Self.cell(y, minY, scaleY, rows) }

    /// Calls `body` with every point in the cells that hold positions within `reach` of (`x`, `y`)
    /// in x and in y (and some farther).
    @inline(__always)
    func forEachPoint(near x: Double, _ y: Double, reach: Double, _ body: (Int) -> Void) {
        let firstColumn = column(x - reach), lastColumn = column(x + reach)
        for row in row(y - reach)...row(y + reach) {
            let first = Int(cellStart[row * columns + firstColumn]), end = Int(cellStart[row * columns + lastColumn + 1])
            for k in first..<end { body(Int(byCell[k])) }
        }
    }

    /// The points' coordinates in cell order, which ``forEachNearPair(_:rows:_:_:)`` reads: 8
    /// bytes a point that the grid does not keep, so that they are freed after the sweep and not
    /// held while the levels are clustered.
    func coordinatesByCell(x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>) -> (x: [Float], y: [Float]) {
        (byCell.map { x[Int($0)] }, byCell.map { y[Int($0)] })
    }

    /// Calls `body` for every pair of points within `test`'s reach of each other in x and in y
    /// whose first cell in row order lies in `rows` (the lower number first), with their coordinates: all
    /// those within its radius, and others; `coordinates` are ``coordinatesByCell(x:y:)``. Stops,
    /// returning false, as soon as `body` does. Sweeps of rows that do not overlap meet pairs
    /// that do not either, and in the order a sweep of all the rows meets them.
    @inline(__always)
    func forEachNearPair(_ coordinates: (x: [Float], y: [Float]), rows sweptRows: Range<Int>, _ test: NeighbourTest,
                         _ body: (_ a: Int, _ ax: Double, _ ay: Double, _ b: Int, _ bx: Double, _ by: Double) -> Bool) -> Bool {
        let (cellX, cellY) = coordinates
        return byCell.withUnsafeBufferPointer { byCell in
            cellX.withUnsafeBufferPointer { cellX in
                cellY.withUnsafeBufferPointer { cellY in
                    cellStart.withUnsafeBufferPointer { cellStart in
                        /// Item `s` against the items at `range`, all in cell order.
                        func compare(_ s: Int, _ range: Range<Int>) -> Bool {
                            let sx = Double(cellX[s]), sy = Double(cellY[s])
                            for u in range {
                                let ux = Double(cellX[u]), uy = Double(cellY[u])
                                guard test.near(sx, sy, ux, uy) else { continue }
                                let keep = byCell[s] < byCell[u] ? body(Int(byCell[s]), sx, sy, Int(byCell[u]), ux, uy)
                                    : body(Int(byCell[u]), ux, uy, Int(byCell[s]), sx, sy)
                                guard keep else { return false }
                            }
                            return true
                        }
                        return CellNeighbourhood.sweep(starts: cellStart.baseAddress!, columns: columns, rows: rows,
                                                       sweptRows: sweptRows) { cell, rightEnd, below in
                            for s in cell {
                                guard compare(s, (s + 1)..<rightEnd), compare(s, below) else { return false }
                            }
                            return true
                        }
                    }
                }
            }
        }
    }
}
