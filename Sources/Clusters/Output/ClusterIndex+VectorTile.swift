/// Tiles of an index as Mapbox Vector Tiles: one `clusters` layer of point features, carrying the
/// same properties as the GeoJSON features, so MapLibre and Mapbox GL draw server-side clusters
/// natively (a `symbol` layer on `point_count`, or the badges of `cairn badges --sprite` as icons).
/// With categories, a cluster carries one integer `count_NAME` per category (zeros included, so
/// a style's expressions need no fallback) and `category`, its largest; a point its `category`.
///
/// With ``ClusterExtent/bbox`` each cluster also carries its points' bounding box in degrees,
/// `bbox_w`, `bbox_s`, `bbox_e`, `bbox_n`; with ``ClusterExtent/hull`` the tile has a second layer,
/// `hulls`, of polygons: the convex hull of each cluster's points, with the cluster's id and
/// properties, for every cluster whose hull reaches into the tile (not only those whose centre is
/// in it, so a hull is whole across tile edges). A hull is not clipped: a cluster's points lie
/// within 4 × radius of its centre (supercluster gathers within one radius of a point at each zoom,
/// halving it at each zoom above), so it stays within that of the tile. A hull with no area at the
/// tile's resolution (points on one line or at one place) is left out.
extension ClusterIndex {
    /// The name of the layer the tiles hold.
    public static let vectorTileLayer = "clusters"

    /// The name of the layer of the clusters' convex hulls (``ClusterExtent/hull``).
    public static let hullLayer = "hulls"

    /// Tile `z/x/y` as an MVT (spec 2.1) with coordinates in `0...extent`, the items of supercluster's
    /// `getTile` (the tile grown by `radius / self.options.extent` tile widths, so a symbol near an edge
    /// is in both tiles). A cluster's feature id is its cluster id; a point keeps its `id` when it
    /// is a whole number from 0 to 2⁵³, the ids an MVT can hold (a string id stays a property-less
    /// feature id: none).
    /// `clusterExtent` adds the clusters' boxes or the `hulls` layer.
    public func vectorTile(z: Int, x: Int, y: Int, extent: UInt32 = 4096, clusterExtent: ClusterExtent? = nil) -> [UInt8] {
        let size = Double(extent)
        let features = tile(z: z, x: x, y: y).map { found -> VectorTileFeature in
            var properties = properties(of: found.item)
            if clusterExtent == .bbox, isCluster(found.item) {
                let box = boundingBox(of: found.item)
                properties += [("bbox_w", .number(box.west)), ("bbox_s", .number(box.south)),
                               ("bbox_e", .number(box.east)), ("bbox_n", .number(box.north))]
            }
            return VectorTileFeature(id: vectorTileID(found.item), x: Self.unit(found.x, size), y: Self.unit(found.y, size),
                                     properties: properties)
        }
        var layers = [VectorTileLayer(name: Self.vectorTileLayer, extent: extent, features: features)]
        if clusterExtent == .hull { layers.append(hullLayer(z: z, x: x, y: y, extent: extent)) }
        return VectorTile.encode(layers)
    }

    /// The `hulls` layer of tile `z/x/y`: the hulls that reach into the tile, of the clusters whose
    /// centre is within 4 × radius of it (and a margin for the trees' single-precision positions,
    /// a few of their steps at each zoom).
    private func hullLayer(z: Int, x: Int, y: Int, extent: UInt32) -> VectorTileLayer {
        let size = Double(extent), z2 = pow2(z)
        let margin = 1 / size + 64 * Double(Float.ulpOfOne) * z2
        let features = tile(z: z, x: x, y: y, buffer: 4 * options.radius / options.extent + margin).compactMap { found -> VectorTileFeature? in
            guard isCluster(found.item) else { return nil }
            // The world copy the item was found in: its x in tiles of this zoom, less where the tile has it.
            let shift = projected(found.item).x * z2 - found.x
            let ring = hull(of: found.item).map { vertex in
                (x: Self.unit(Projection.x(longitude: vertex.longitude) * z2 - shift, size),
                 y: Self.unit(Projection.y(latitude: vertex.latitude) * z2 - Double(y), size))
            }
            let limit = Int32(extent)
            guard ring.contains(where: { $0.x >= 0 }), ring.contains(where: { $0.x <= limit }),
                  ring.contains(where: { $0.y >= 0 }), ring.contains(where: { $0.y <= limit }) else { return nil }
            return VectorTileFeature(id: vectorTileID(found.item), geometry: .polygon([ring]), properties: properties(of: found.item))
        }
        return VectorTileLayer(name: Self.hullLayer, extent: extent, features: features)
    }

    /// A position in tile widths as the layer's integer units, rounded half up.
    private static func unit(_ position: Double, _ size: Double) -> Int32 {
        Int32(clamping: Int64((size * position + 0.5).rounded(.down)))
    }

    /// The item's properties as the GeoJSON feature has them.
    public func properties(of item: ClusterItem) -> [(key: String, value: JSONValue)] {
        if let id = clusterID(of: item) {
            var members: [(key: String, value: JSONValue)] = zip(aggregates, aggregateValues(of: item)).map { aggregate, value in
                (aggregate.name, value.map(JSONValue.number) ?? .null)
            }
            if let categories, let category = category(of: item) {
                for (name, count) in zip(categories.names, categoryCounts(of: item)) {
                    members.append(("count_" + name, .number(Double(count))))
                }
                members.append(("category", .string(categories.names[category])))
            }
            let count = pointCount(of: item)
            members.append(("cluster", .bool(true)))
            members.append(("cluster_id", .number(Double(id))))
            members.append(("point_count", .number(Double(count))))
            members.append(("point_count_abbreviated", Self.abbreviatedCount(count)))
            return members
        }
        guard let index = pointIndex(of: item) else { return [] }
        var members: [(key: String, value: JSONValue)] = []
        if let text = points.properties.bytes(of: index), case .object(let object)? = try? JSONValue(parsing: text) {
            members = object.members
        }
        if let category = categoryName(of: item) {
            members.removeAll { $0.key == "category" }
            members.insert(("category", .string(category)), at: 0)
        }
        return members
    }

    private func vectorTileID(_ item: ClusterItem) -> UInt64? {
        if let id = clusterID(of: item) { return UInt64(id) }
        guard let index = pointIndex(of: item), let text = points.ids.bytes(of: index),
              case .number(let number)? = try? JSONValue(parsing: text),
              number >= 0, number <= 9_007_199_254_740_992, number == number.rounded() else { return nil }
        return UInt64(number)
    }
}
