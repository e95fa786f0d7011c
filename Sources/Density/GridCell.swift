/// One cell of a grid, by its column `i` and row `j` as PostGIS's `ST_SquareGrid` and
/// `ST_HexagonGrid` number them: from the EPSG:3857 origin (0, 0), `i` growing east and `j` north.
public struct GridCell: Sendable, Hashable {
    /// The column, growing east.
    public let i: Int
    /// The row, growing north.
    public let j: Int

    public init(i: Int, j: Int) {
        self.i = i
        self.j = j
    }
}
