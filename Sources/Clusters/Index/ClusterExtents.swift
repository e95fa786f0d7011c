import Synchronization

/// The bounding boxes and convex hulls of an index's clusters, each computed the first time it is
/// asked for and kept as long as the index (a served dataset's snapshot, or one of its filters).
/// A cluster's box is made from its children's boxes and its hull from the vertices of its
/// children's hulls (the hull of hulls is the hull of the points), so no request walks a big
/// cluster's points, and each cluster is computed once.
///
/// Memory: 16 bytes a cluster for the boxes, from the first box asked for; 8 bytes a cluster and 4
/// bytes a vertex for the hulls computed (a hull has a few dozen vertices at most in practice).
final class ClusterExtents: Sendable {
    /// Per cluster number, the indices of its points furthest west, south, east and north; -1
    /// while not computed. Empty until the first box is asked for.
    let boxes = Mutex<[Int32]>([])
    let hulls = Mutex<HullTable>(HullTable())
}

/// The hulls computed so far, their vertices (point indices) one after the other.
struct HullTable {
    /// Per cluster number, where its vertices start and end in `vertices`; -1 while not computed.
    /// Empty until the first hull is asked for.
    var bounds: [Int32] = []
    var vertices: [Int32] = []
}
