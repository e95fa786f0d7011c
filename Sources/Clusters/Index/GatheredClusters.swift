/// What one part of a split level pass gathered (``ClusterIndexBuilder/splitPass(_:tree:zoom:radius:lists:)``):
/// for each item that took other items at its turn, the entries of all of them (itself among
/// them) in the order a search lists them, their point count and the sum of their positions
/// weighed by their counts. Records are numbered in the order they are closed.
struct GatheredClusters {
    /// Every record's entries, one record after another.
    private(set) var entries: [KDEntry] = []
    /// Where each record's entries end.
    private var ends: [Int] = []
    private var totals: [Int] = []
    private var sumX: [Double] = []
    private var sumY: [Double] = []

    var recordCount: Int { ends.count }

    /// Adds an entry to the record being gathered.
    @inline(__always)
    mutating func append(_ entry: KDEntry) { entries.append(entry) }

    /// The entries gathered since the last record was closed.
    var openEntries: ArraySlice<KDEntry> { entries[(ends.last ?? 0)...] }

    /// Closes the record being gathered, whose members hold `total` points at the weighed sum
    /// (`sumX`, `sumY`); returns its number.
    mutating func close(total: Int, sumX x: Double, sumY y: Double) -> Int {
        ends.append(entries.count)
        totals.append(total)
        sumX.append(x)
        sumY.append(y)
        return ends.count - 1
    }

    /// A record's point count and weighed position sum.
    func sums(of record: Int) -> (total: Int, x: Double, y: Double) {
        (totals[record], sumX[record], sumY[record])
    }

    /// Drops the entries gathered since the last record was closed.
    mutating func discardOpen() {
        entries.removeLast(entries.count - (ends.last ?? 0))
    }

    /// Where a record's entries lie in ``entries``.
    func range(of record: Int) -> Range<Int> {
        (record == 0 ? 0 : ends[record - 1])..<ends[record]
    }
}
