extension ClusterIndex {
    /// The index of the points `filter` matches, exactly as if only they had been read and
    /// clustered (in their order, with the same options, aggregates and categories): the same ids,
    /// counts, centroids, children, leaves and expansion zooms as a file holding only them gives.
    /// The properties the filter reads are extracted once per index and kept for later filters;
    /// a property no point has is an error (it is almost always a typo).
    public func filtered(by filter: PointFilter) throws(FilterError) -> ClusterIndex {
        try Self.matching(filter, of: points, columns: propertyColumns, options: options, aggregates: aggregates,
                          categories: categories, pointCategories: pointCategories, threads: threads)
    }

    /// Clusters the points of `points` that `filter` matches (all of them without one), their
    /// categories resolved over every point of `points` so that the table does not depend on the
    /// filter; reads the properties' text once for the filter and the categories together.
    /// Throws ``ClusterOptionsError`` or ``FilterError``. `threads` as for ``init(points:options:aggregates:categories:threads:)``.
    public static func build(points: PointSet, options: ClusterOptions = ClusterOptions(), aggregates: [Aggregate] = [],
                             categories: CategorySpec? = nil, filter: PointFilter?, threads: Int = 1) throws -> ClusterIndex {
        guard let filter else {
            return try ClusterIndex(points: points, options: options, aggregates: aggregates, categories: categories, threads: threads)
        }
        try check(options, categories)
        let columns = PropertyColumnCache()
        _ = columns.columns(filter.properties + (categories.map { [$0.property] } ?? []), of: points)
        let (table, codes) = try resolve(categories, of: points, columns: columns)
        return try matching(filter, of: points, columns: columns, options: options, aggregates: aggregates,
                            categories: table, pointCategories: codes, threads: threads)
    }

    /// The index of the rows of `points` that `filter` matches, given their columns and categories.
    private static func matching(_ filter: PointFilter, of points: PointSet, columns: PropertyColumnCache, options: ClusterOptions,
                                 aggregates: [Aggregate], categories: CategoryTable?,
                                 pointCategories: [UInt8], threads: Int) throws(FilterError) -> ClusterIndex {
        let read = columns.columns(filter.properties, of: points)
        if let unknown = read.first(where: { $0.keyed == 0 }) { throw filter.unknownProperty(unknown.name, of: points) }
        let rows = filter.matchingRows(read, count: points.count)
        return ClusterIndex(points: points.subset(rows), options: options, aggregates: aggregates, categories: categories,
                            pointCategories: pointCategories.isEmpty ? [] : rows.map { pointCategories[Int($0)] },
                            propertyColumns: PropertyColumnCache(), threads: threads)
    }
}
