/// How points are clustered: supercluster's options, with its defaults.
public struct ClusterOptions: Sendable, Hashable {
    /// Cluster radius in pixels of a tile `extent` wide.
    public var radius: Double = 40
    /// The tile size the radius is measured in.
    public var extent: Double = 512
    /// The lowest zoom clustered.
    public var minZoom: Int = 0
    /// The highest zoom clustered; above it every point stands alone.
    public var maxZoom: Int = 16
    /// The fewest points a cluster is made of.
    public var minPoints: Int = 2
    /// Leaf size of the per-zoom KD-trees (as kdbush's; it decides the neighbour order).
    public var nodeSize: Int = 64

    public init(radius: Double = 40, extent: Double = 512, minZoom: Int = 0, maxZoom: Int = 16,
                minPoints: Int = 2, nodeSize: Int = 64) {
        self.radius = radius
        self.extent = extent
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.minPoints = minPoints
        self.nodeSize = nodeSize
    }

    /// What is wrong with the options, nil when they are usable.
    public var problem: String? {
        if !(radius > 0) || !radius.isFinite { return "radius must be a positive number (got \(radius))" }
        if !(extent > 0) || !extent.isFinite { return "extent must be a positive number (got \(extent))" }
        if minZoom < 0 || minZoom > 30 { return "min zoom must be in 0...30 (got \(minZoom))" }
        if maxZoom < minZoom || maxZoom > 30 { return "max zoom must be in \(minZoom)...30 (got \(maxZoom))" }
        if minPoints < 2 { return "min points must be 2 or more (got \(minPoints))" }
        return nil
    }

    /// The zoom whose level answers a query at `zoom`: supercluster's `_limitZoom`.
    public func level(for zoom: Double) -> Int {
        guard zoom.isFinite else { return zoom > 0 ? maxZoom + 1 : minZoom }
        return max(minZoom, min(Int(zoom.rounded(.down).clamped(-1, 64)), maxZoom + 1))
    }
}

extension Double {
    func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}
