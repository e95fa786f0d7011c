/// The points read from a file or a database, and the records that could not be points.
///
/// Invalid records are not in `points`; the caller decides what they mean (the CLI exits with 65
/// when there are any, or reports them and goes on with `--skip-invalid`).
public struct PointReadResult: Sendable, Equatable {
    /// The valid points, in file order.
    public var points: PointSet
    /// Every record that is not a usable point, in file order.
    public var invalid: [InvalidPoint]
    /// The format the file was read as; nil for a database.
    public var format: PointFormat?
    /// How many GeoJSON or ndjson features were read by the layout learned from the features
    /// before them (compared byte for byte, only their values scanned) rather than in full.
    public var featuresByLayout = 0

    /// A result from its parts (for tests and other readers).
    public init(points: PointSet = PointSet(), invalid: [InvalidPoint] = [], format: PointFormat? = nil) {
        self.points = points
        self.invalid = invalid
        self.format = format
    }
}
