/// Tiles of an index as Mapbox Vector Tiles: one `clusters` layer of point features, carrying the
/// same properties as the GeoJSON features, so MapLibre and Mapbox GL draw server-side clusters
/// natively (a `symbol` layer on `point_count`, or the badges of `cairn badges --sprite` as icons).
/// With categories, a cluster carries one integer `count_NAME` per category (zeros included, so
/// a style's expressions need no fallback) and `category`, its largest; a point its `category`.
extension ClusterIndex {
    /// The name of the layer the tiles hold.
    public static let vectorTileLayer = "clusters"

    /// Tile `z/x/y` as an MVT (spec 2.1) with coordinates in `0...extent`, the items of supercluster's
    /// `getTile` (the tile grown by `radius / self.options.extent` tile widths, so a symbol near an edge
    /// is in both tiles). A cluster's feature id is its cluster id; a point keeps its `id` when it
    /// is a whole number from 0 to 2⁵³, the ids an MVT can hold (a string id stays a property-less
    /// feature id: none).
    public func vectorTile(z: Int, x: Int, y: Int, extent: UInt32 = 4096) -> [UInt8] {
        let size = Double(extent)
        let features = tile(z: z, x: x, y: y).map { found -> VectorTileFeature in
            let px = Int32(clamping: Int64((size * found.x + 0.5).rounded(.down)))
            let py = Int32(clamping: Int64((size * found.y + 0.5).rounded(.down)))
            return VectorTileFeature(id: vectorTileID(found.item), x: px, y: py, properties: properties(of: found.item))
        }
        return VectorTile.encode([VectorTileLayer(name: Self.vectorTileLayer, extent: extent, features: features)])
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
