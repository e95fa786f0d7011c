import Clusters

/// What reading a dataset gives: its points, in row order, and the rows that could not be points.
public struct PointReadOutcome: Sendable, Equatable {
    public var points: PointSet
    /// The skipped rows, in row order, each with its row number and what is wrong.
    public var invalid: [InvalidPoint]

    public init(points: PointSet = PointSet(), invalid: [InvalidPoint] = []) {
        self.points = points
        self.invalid = invalid
    }
}
