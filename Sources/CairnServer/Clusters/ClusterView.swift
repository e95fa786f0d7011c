import Clusters
import Foundation

/// What one request to a dataset clusters: the snapshot's index, or the index of the points the
/// request's `?filter=` matches, with the version that names it in cache keys and ETags (the
/// dataset's version, and the filter's normalized text when there is one).
struct ClusterView: Sendable {
    let index: ClusterIndex
    let version: String
    let loadedAt: Date

    init(_ snapshot: DatasetService.Snapshot) {
        index = snapshot.index
        version = snapshot.version
        loadedAt = snapshot.loadedAt
    }

    init(_ snapshot: DatasetService.Snapshot, filtered index: ClusterIndex, by filter: PointFilter) {
        self.index = index
        version = snapshot.version + "-f" + ETag.of(Array(filter.normalized.utf8)).filter { $0 != "\"" }
        loadedAt = snapshot.loadedAt
    }
}
