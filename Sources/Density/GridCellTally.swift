import Clusters

/// What one cell of a tile holds: its id, how many points, the dataset's aggregates over them and
/// their categories.
public struct GridCellTally: Sendable {
    public let cell: GridCell
    /// The cell's id (``GridLattice/id(of:)``).
    public let id: UInt64
    /// How many of the points (after the filter) fall in the cell.
    public let count: Int
    /// Each aggregate of the dataset over the cell's points, in the order of the index's
    /// aggregates; nil where none of them has the property (JSON `null`).
    public let aggregates: [Double?]
    /// How many of the cell's points fall in each category, in the order of the index's
    /// categories; empty without categories.
    public let categoryCounts: [Int]

    /// The largest category (the first among equals), nil without categories.
    public var category: Int? {
        guard !categoryCounts.isEmpty else { return nil }
        var best = 0
        for c in categoryCounts.indices where categoryCounts[c] > categoryCounts[best] { best = c }
        return best
    }
}

/// The running value of one aggregate over a cell's points: the value and how many points gave one
/// (a point without the property, or whose property is not a number, gives none).
struct GridAggregate {
    var value = 0.0
    var count = 0

    mutating func add(_ pointValue: Double, _ operation: Aggregate.Operation) {
        guard !pointValue.isNaN else { return }
        if count == 0 {
            value = pointValue
        } else {
            switch operation {
            case .sum, .mean: value += pointValue
            case .min: value = Swift.min(value, pointValue)
            case .max: value = Swift.max(value, pointValue)
            }
        }
        count += 1
    }

    /// The aggregate's value, nil when no point gave one.
    func result(_ operation: Aggregate.Operation) -> Double? {
        guard count > 0 else { return nil }
        return operation == .mean ? value / Double(count) : value
    }
}
