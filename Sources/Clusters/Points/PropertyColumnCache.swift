import Synchronization

/// The typed property columns of one point set, extracted on first use and kept: a filter on a
/// property scans the properties' text once, and every later filter on it reads the column. Only
/// properties that some point has are kept.
public final class PropertyColumnCache: Sendable {
    private let columns = Mutex([String: PropertyColumn]())

    public init() {}

    /// The columns of `names` over `points` (which must be the points this cache was made for),
    /// extracting the missing ones in one scan.
    public func columns(_ names: [String], of points: PointSet) -> [PropertyColumn] {
        var found = columns.withLock { columns in
            Dictionary(names.compactMap { name in columns[name].map { (name, $0) } }, uniquingKeysWith: { first, _ in first })
        }
        var missing: [String] = []
        for name in names where found[name] == nil && !missing.contains(name) { missing.append(name) }
        if !missing.isEmpty {
            let extracted = points.propertyColumns(missing)
            // A property no point has is not kept: names from requests cannot grow the cache past
            // the properties the dataset has.
            columns.withLock { columns in
                for column in extracted where column.keyed > 0 && columns[column.name] == nil { columns[column.name] = column }
            }
            for column in extracted { found[column.name] = column }
        }
        return names.compactMap { found[$0] }
    }

    /// Bytes held by the columns extracted so far.
    public var byteCount: Int { columns.withLock { $0.values.reduce(0) { $0 + $1.byteCount } } }
}
