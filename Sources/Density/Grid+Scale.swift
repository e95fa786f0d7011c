extension Grid {
    /// The count a choropleth colours fully: the 99th percentile (nearest rank) of the counts of the
    /// dataset's non-empty cells over the whole world at the lattice's zoom, at least 1. It
    /// depends only on the dataset (and its filter), the zoom, the cell size and the shape — never
    /// on a tile — so neighbouring tiles share their colours. Computed once per lattice, then
    /// remembered.
    public func scale(_ lattice: GridLattice) -> Double {
        if let known = scales.withLock({ $0[lattice] }) { return known }
        var counts: [UInt64: Int] = [:]
        let points = index.points
        for point in 0..<points.count {
            guard let id = lattice.id(of: lattice.cell(longitude: points.longitudes[point], latitude: points.latitudes[point])) else { continue }
            counts[id, default: 0] += 1
        }
        let sorted = counts.values.sorted()
        let rank = Int((0.99 * Double(sorted.count)).rounded(.up))
        let scale = Double(max(1, sorted.isEmpty ? 1 : sorted[max(0, rank - 1)]))
        scales.withLock { $0[lattice] = scale }
        return scale
    }
}
