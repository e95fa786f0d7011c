/// What a cluster may carry of where its points reach, besides its centroid: the bounding box of
/// its points, or their convex hull (`?extent=bbox|hull` of the server's `/clusters` routes,
/// `cairn clusters --cluster-extent`).
public enum ClusterExtent: String, Sendable, CaseIterable {
    /// The bounding box of the cluster's points: a GeoJSON `bbox`, MVT properties `bbox_w`,
    /// `bbox_s`, `bbox_e`, `bbox_n`.
    case bbox
    /// The convex hull of the cluster's points: a GeoJSON `hull` geometry, an MVT layer `hulls`.
    case hull
}
