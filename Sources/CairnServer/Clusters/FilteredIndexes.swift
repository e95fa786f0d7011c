import Clusters
import Dispatch
import Synchronization

/// The filtered indexes of one dataset snapshot: each built on first use, on the render workers
/// (so it counts against load shedding like a render), once however many requests ask for it at
/// the same time, and kept in an LRU bounded by count and bytes. A snapshot replaced by a refresh
/// takes its filtered indexes with it, so they are rebuilt lazily from the new points.
final class FilteredIndexes: Sendable {
    private struct Kept {
        var indexes: [String: ClusterIndex] = [:]
        var order = LRUList<String>()
        var bytes = 0
    }

    let limits: ServerConfig.Dataset.FilterCacheLimits
    private let kept = Mutex(Kept())
    private let builds = Coalescer<String, ClusterIndex>()
    /// Told of each build as it ends, with when it started (the metrics).
    private let onBuild: @Sendable (DispatchTime) -> Void

    init(limits: ServerConfig.Dataset.FilterCacheLimits, onBuild: @escaping @Sendable (DispatchTime) -> Void = { _ in }) {
        self.limits = limits
        self.onBuild = onBuild
    }

    /// The index of `base`'s points that `filter` matches.
    func index(_ filter: PointFilter, of base: ClusterIndex, renders: RenderQueue) async throws -> ClusterIndex {
        let key = filter.normalized
        if let index = kept.withLock({ kept -> ClusterIndex? in
            guard let index = kept.indexes[key] else { return nil }
            kept.order.touch(key)
            return index
        }) {
            return index
        }
        let (index, _) = try await builds.value(for: key) { [self] in
            let started = DispatchTime.now()
            let index = try await renders.run { try base.filtered(by: filter) }
            onBuild(started)
            keep(index, as: key)
            return index
        }
        return index
    }

    /// Filtered indexes kept, and their bytes.
    var usage: (items: Int, bytes: Int) { kept.withLock { ($0.indexes.count, $0.bytes) } }

    private func keep(_ index: ClusterIndex, as key: String) {
        let size = Self.bytes(of: index)
        guard limits.items > 0, size <= limits.maxBytes else { return }
        kept.withLock { kept in
            if let old = kept.indexes[key] { kept.bytes -= Self.bytes(of: old) }
            kept.indexes[key] = index
            kept.order.touch(key)
            kept.bytes += size
            while kept.indexes.count > limits.items || kept.bytes > limits.maxBytes, let oldest = kept.order.oldest {
                kept.order.remove(oldest)
                if let dropped = kept.indexes.removeValue(forKey: oldest) { kept.bytes -= Self.bytes(of: dropped) }
            }
        }
    }

    private static func bytes(of index: ClusterIndex) -> Int { index.byteCount + index.points.byteCount }
}
