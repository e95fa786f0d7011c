extension PointSet {
    /// The points at `rows`, in that order, as a set of their own: what a file holding only those
    /// points would read as. Their ids' and properties' text is shared with this set, not copied.
    public func subset(_ rows: [Int32]) -> PointSet {
        var subset = PointSet()
        subset.longitudes = rows.map { longitudes[Int($0)] }
        subset.latitudes = rows.map { latitudes[Int($0)] }
        subset.ids = ids.subset(rows)
        subset.properties = properties.subset(rows)
        return subset
    }
}
