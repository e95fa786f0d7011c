extension ClusterIndex {
    /// The index of the points `filter` matches, exactly as if only they had been read and
    /// clustered (in their order, with the same options, aggregates and categories): the same ids,
    /// counts, centroids, children, leaves and expansion zooms as a file holding only them gives.
    /// The properties the filter reads are extracted once per index and kept for later filters;
    /// a property no point has is an error (it is almost always a typo).
    public func filtered(by filter: PointFilter) throws(FilterError) -> ClusterIndex {
        let columns = propertyColumns.columns(filter.properties, of: points)
        if let unknown = columns.first(where: { $0.keyed == 0 }) { throw filter.unknownProperty(unknown.name) }
        let rows = filter.matchingRows(columns, count: pointCount)
        return ClusterIndex(points: points.subset(rows), options: options, aggregates: aggregates, categories: categories,
                            pointCategories: pointCategories.isEmpty ? [] : rows.map { pointCategories[Int($0)] },
                            propertyColumns: PropertyColumnCache())
    }
}

extension ClusterIndex {
    /// Clusters the points of `points` that `filter` matches (all of them without one), their
    /// categories resolved over every point of `points` so that the table does not depend on the
    /// filter; reads the properties' text once for the filter and the categories together.
    /// Throws ``ClusterOptionsError`` or ``FilterError``.
    public static func build(points: PointSet, options: ClusterOptions = ClusterOptions(), aggregates: [Aggregate] = [],
                             categories: CategorySpec? = nil, filter: PointFilter?) throws -> ClusterIndex {
        guard let filter else { return try ClusterIndex(points: points, options: options, aggregates: aggregates, categories: categories) }
        if let problem = options.problem { throw ClusterOptionsError(problem: problem) }
        if let problem = categories?.problem { throw ClusterOptionsError(problem: "categories: \(problem)") }
        let cache = PropertyColumnCache()
        let filterColumns = cache.columns(filter.properties + (categories.map { [$0.property] } ?? []), of: points)
            .prefix(filter.properties.count)
        if let unknown = filterColumns.first(where: { $0.keyed == 0 }) { throw filter.unknownProperty(unknown.name) }
        let rows = filter.matchingRows(Array(filterColumns), count: points.count)
        var table: CategoryTable?
        var codes: [UInt8] = []
        if let categories, let column = cache.columns([categories.property], of: points).first {
            table = CategoryTable(categories, column: column)
            let all = table?.codes(column) ?? []
            codes = rows.map { all[Int($0)] }
        }
        return ClusterIndex(points: points.subset(rows), options: options, aggregates: aggregates, categories: table,
                            pointCategories: codes, propertyColumns: PropertyColumnCache())
    }
}
