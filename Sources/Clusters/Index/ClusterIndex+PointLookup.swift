import Synchronization

extension ClusterIndex {
    /// The index of the point whose `id` is `id` (its JSON text without quotes: `42`, `store-17`),
    /// nil when there is none. The first call builds a table of every id; a point listed twice
    /// answers with the first.
    public func pointIndex(forID id: String) -> Int? {
        pointIDs.table(for: points)[id]
    }
}

/// The id → point table of an index, built on first use (most indexes are never asked by id).
final class PointIDTable: Sendable {
    private let built = Mutex<[String: Int]?>(nil)

    func table(for points: PointSet) -> [String: Int] {
        built.withLock { built in
            if let built { return built }
            var table: [String: Int] = [:]
            table.reserveCapacity(points.count)
            for row in 0..<points.count {
                guard var text = points.ids[row] else { continue }
                if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2,
                   case .string(let plain)? = try? JSONValue(parsing: text) {
                    text = plain
                }
                if table[text] == nil { table[text] = row }
            }
            built = table
            return table
        }
    }
}
