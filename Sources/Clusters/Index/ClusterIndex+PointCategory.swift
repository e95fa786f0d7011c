extension ClusterIndex {
    /// The category of the point at `index` in ``points`` (a position in ``categories``), nil
    /// without categories: what the grids of the Density module count a point as.
    public func category(ofPoint index: Int) -> Int? {
        categories == nil ? nil : Int(pointCategories[index])
    }
}
