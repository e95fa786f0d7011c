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
            let clusters = level.handles.withReader { handles in
                (0..<level.handles.count).reduce(0) { $0 + (Int(handles[$1]) >= pointCount ? 1 : 0) }
            }
            return ClusterLevelSummary(zoom: options.minZoom + offset, clusters: clusters, points: level.handles.count - clusters)
        }
    }
}
