/// What an index holds per zoom, for `cairn clusters --stats` and the server's logs.
public struct ClusterLevelSummary: Sendable, Equatable {
    public let zoom: Int
    /// Clusters at this zoom.
    public let clusters: Int
    /// Points standing alone at this zoom.
    public let points: Int
}

extension ClusterIndex {
    /// One summary per zoom from `minZoom` to `maxZoom + 1` (where every point stands alone).
    public var levelSummaries: [ClusterLevelSummary] {
        levels.enumerated().map { offset, level in
            var clusters = 0
            level.forEachHandle { clusters += Int($0) >= pointCount ? 1 : 0 }
            return ClusterLevelSummary(zoom: options.minZoom + offset, clusters: clusters, points: level.count - clusters)
        }
    }
}
