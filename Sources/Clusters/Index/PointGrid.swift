internal import Parallel

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
    /// at most about two cells a point, sorting them on `threads` threads (the same grid on any
    /// number).
    init(x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, reach: Double, threads: Int = 1) {
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
        let keys = CellSort.sorted(count: count, cellCount: cells, threads: threads) { p in
            Self.cell(Double(y[p]), minY, scaleY, rowCount) * columnCount + Self.cell(Double(x[p]), minX, scaleX, columnCount)
        }
        (byCell, cellStart, crowding) = Self.runs(of: keys, cells: cells, threads: threads)
    }

    /// The items of cell-sorted `keys`, where each of the `cells` cells starts in them (and the
    /// end, twice), and the sum over the cells of the square of their items. On several threads,
    /// each takes a run of cells and the keys that fall in them.
    private static func runs(of keys: [UInt64], cells: Int, threads: Int) -> (byCell: [Int32], starts: [Int32], crowding: Int) {
        let count = keys.count
        let runs = CellSort.runs(of: count, threads: threads)
        var byCell = [Int32](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        var starts = [Int32](unsafeUninitializedCapacity: cells + 2) { _, initialized in initialized = cells + 2 }
        let crowding = keys.withUnsafeBufferPointer { keys in
            byCell.withUnsafeMutableBufferPointer { byCell in
                starts.withUnsafeMutableBufferPointer { starts in
                    nonisolated(unsafe) let (keys, byCell, starts) = (keys, byCell, starts)
                    let crowding = ParallelRuns.map(runs) { run in
                        let runCells = ParallelRuns.share(run, of: runs, in: cells)
                        let firstKey = run == 0 ? 0 : CellSort.firstKey(inOrAfter: runCells.lowerBound, of: keys)
                        let endKey = run == runs - 1 ? count : CellSort.firstKey(inOrAfter: runCells.upperBound, of: keys)
                        for c in runCells { starts[c] = 0 }
                        for k in firstKey..<endKey {
                            byCell[k] = Int32(truncatingIfNeeded: keys[k] & 0xFFFF_FFFF)
                            starts[Int(truncatingIfNeeded: keys[k] >> 32)] &+= 1
                        }
                        // Counts to starts, from the run's first key on.
                        var start = Int32(truncatingIfNeeded: firstKey), sum = 0
                        for c in runCells {
                            let n = starts[c]
                            starts[c] = start
                            start &+= n
                            sum &+= Int(n) * Int(n)
                        }
                        return sum
                    }.reduce(0, &+)
                    starts[cells] = Int32(truncatingIfNeeded: count)
                    starts[cells + 1] = Int32(truncatingIfNeeded: count)
                    return crowding
                }
            }
        }
        return (byCell, starts, crowding)
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
    /// held while the levels are clustered. Gathered in runs on `threads` threads.
    func coordinatesByCell(x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, threads: Int = 1) -> (x: [Float], y: [Float]) {
        let count = byCell.count
        let runs = CellSort.runs(of: count, threads: threads)
        var cellX = [Float](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        var cellY = [Float](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
        byCell.withUnsafeBufferPointer { byCell in
            cellX.withUnsafeMutableBufferPointer { cellX in
                cellY.withUnsafeMutableBufferPointer { cellY in
                    nonisolated(unsafe) let (byCell, cellX, cellY) = (byCell, cellX, cellY)
                    _ = ParallelRuns.map(runs) { run in
                        for k in ParallelRuns.share(run, of: runs, in: count) {
                            let p = Int(byCell[k])
                            cellX[k] = x[p]
                            cellY[k] = y[p]
                        }
                    }
                }
            }
        }
        return (cellX, cellY)
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
