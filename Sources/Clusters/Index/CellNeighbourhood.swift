/// The sweep of a uniform grid whose items lie in cell order (cell `c` holds `starts[c]..<starts[c + 1]`)
/// that meets every pair of items in one cell or in two adjacent ones exactly once: each item
/// against those after it in its cell and in the cell to its right, and against the three cells
/// below (left, under, right). ``PointGrid`` and ``SubtreeSweep`` find their pairs this way.
enum CellNeighbourhood {
    /// Calls `body` for each non-empty cell of the `columns` × `rows` grid with the cell's items, the
    /// end of the cell to its right (an item at `s` is compared with `s + 1 ..< rightEnd`), and the
    /// items of the three cells below; only for the cells of `sweptRows` when given (the pairs
    /// met are those with their upper item in these rows). Stops, returning false, as soon as
    /// `body` does.
    @inline(__always)
    static func sweep(starts: UnsafePointer<Int32>, columns: Int, rows: Int, sweptRows: Range<Int>? = nil,
                      _ body: (_ cell: Range<Int>, _ rightEnd: Int, _ below: Range<Int>) -> Bool) -> Bool {
        for row in sweptRows ?? 0..<rows {
            for column in 0..<columns {
                let c = row * columns + column
                let first = Int(starts[c]), end = Int(starts[c + 1])
                guard first < end else { continue }
                let rightEnd = column + 1 < columns ? Int(starts[c + 2]) : end
                let below = row + 1 < rows
                let belowFirst = below ? Int(starts[c + columns - (column > 0 ? 1 : 0)]) : 0
                let belowEnd = below ? Int(starts[c + columns + (column + 1 < columns ? 2 : 1)]) : 0
                guard body(first..<end, rightEnd, belowFirst..<belowEnd) else { return false }
            }
        }
        return true
    }
}
