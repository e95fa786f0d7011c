extension ClusterIndex {
    /// How many of the item's points fall in each category, in the order of ``categories``
    /// (a point counts 1 in its own); empty without categories. The counts sum to the item's
    /// point count.
    public func categoryCounts(of item: ClusterItem) -> [Int] {
        guard let categories else { return [] }
        let handle = Int(item.handle)
        guard handle >= pointCount else {
            var counts = [Int](repeating: 0, count: categories.count)
            counts[Int(pointCategories[handle])] = 1
            return counts
        }
        let base = (handle - pointCount) * categories.count
        return (0..<categories.count).map { Int(clusterCategoryCounts[base + $0]) }
    }

    /// The item's largest category (the first in ``categories``' order among equals), nil without categories.
    public func category(of item: ClusterItem) -> Int? {
        guard categories != nil else { return nil }
        let handle = Int(item.handle)
        if handle < pointCount { return Int(pointCategories[handle]) }
        let counts = categoryCounts(of: item)
        var best = 0
        for c in counts.indices where counts[c] > counts[best] { best = c }
        return best
    }
}
