/// Items as GeoJSON, in the shape supercluster gives them: a cluster is
/// `{"type":"Feature","id":ID,"properties":{…aggregates,"cluster":true,"cluster_id":ID,
/// "point_count":N,"point_count_abbreviated":"1.2k"},"geometry":{"type":"Point","coordinates":[lon,lat]}}`,
/// a point is the feature it was read as, with its `id` and `properties`. With categories, a
/// cluster also has `"categories":{"cafe":12,"bar":3}` and `"category":"cafe"` (its largest), and
/// a point's properties start with its own `"category"`. With an ``ClusterExtent``, each cluster also
/// has `"bbox":[W,S,E,N]` (its points' bounding box) or `"hull":GEOMETRY` (their convex hull: a
/// Polygon, a LineString when its points lie on one line, a Point when they are all at one place).
extension ClusterIndex {
    /// A FeatureCollection of `items`, its clusters with `extent` when given.
    public func featureCollection<Items: Sequence<ClusterItem>>(_ items: Items, extent: ClusterExtent? = nil) -> [UInt8] {
        var output = JSONOutput(reservingCapacity: 4096)
        output.raw("{\"type\":\"FeatureCollection\",\"features\":")
        writeFeatures(items, extent: extent, to: &output)
        output.raw("}")
        return output.bytes
    }

    /// A JSON array of `items` as features, as supercluster's `getChildren` and `getLeaves` give them.
    public func featureArray<Items: Sequence<ClusterItem>>(_ items: Items) -> [UInt8] {
        var output = JSONOutput(reservingCapacity: 1024)
        writeFeatures(items, extent: nil, to: &output)
        return output.bytes
    }

    private func writeFeatures<Items: Sequence<ClusterItem>>(_ items: Items, extent: ClusterExtent?, to output: inout JSONOutput) {
        output.raw("[")
        var first = true
        for item in items {
            if !first { output.raw(",") }
            first = false
            writeFeature(item, extent: extent, to: &output)
        }
        output.raw("]")
    }

    /// Writes one item as a GeoJSON Feature, a cluster with `extent` when given.
    public func writeFeature(_ item: ClusterItem, extent: ClusterExtent? = nil, to output: inout JSONOutput) {
        output.raw("{\"type\":\"Feature\"")
        if let id = clusterID(of: item) {
            output.raw(",\"id\":")
            output.integer(id)
            if extent == .bbox { writeBoundingBox(of: item, to: &output) }
            output.raw(",\"properties\":{")
            for (aggregate, value) in zip(aggregates, aggregateValues(of: item)) {
                output.string(aggregate.name)
                output.raw(":")
                if let value { output.number(value) } else { output.raw("null") }
                output.raw(",")
            }
            writeCategories(of: item, to: &output)
            output.raw("\"cluster\":true,\"cluster_id\":")
            output.integer(id)
            output.raw(",\"point_count\":")
            let count = pointCount(of: item)
            output.integer(count)
            output.raw(",\"point_count_abbreviated\":")
            switch Self.abbreviatedCount(count) {
            case .number(let number): output.number(number)
            case let value: output.write(value)
            }
            output.raw("}")
        } else if let index = pointIndex(of: item) {
            if points.ids.isPresent(index) {
                output.raw(",\"id\":")
                points.ids.forEachChunk(of: index) { output.raw($0) }
            }
            output.raw(",\"properties\":")
            if let category = categoryName(of: item) {
                propertiesWithCategory(points.properties.bytes(of: index), category: category, to: &output)
            } else if !points.properties.forEachChunk(of: index, { output.raw($0) }) {
                output.raw("null")
            }
        }
        let (longitude, latitude) = coordinate(of: item)
        output.raw(",\"geometry\":{\"type\":\"Point\",\"coordinates\":[")
        output.number(longitude)
        output.raw(",")
        output.number(latitude)
        output.raw("]}")
        if extent == .hull, isCluster(item) { writeHull(of: item, to: &output) }
        output.raw("}")
    }

    /// `,"bbox":[W,S,E,N]`.
    private func writeBoundingBox(of item: ClusterItem, to output: inout JSONOutput) {
        let box = boundingBox(of: item)
        output.raw(",\"bbox\":[")
        output.number(box.west)
        output.raw(",")
        output.number(box.south)
        output.raw(",")
        output.number(box.east)
        output.raw(",")
        output.number(box.north)
        output.raw("]")
    }

    /// `,"hull":{"type":"Polygon","coordinates":[[…]]}` (the ring closed), a LineString of two
    /// vertices or a Point of one.
    private func writeHull(of item: ClusterItem, to output: inout JSONOutput) {
        let vertices = hull(of: item)
        switch vertices.count {
        case 1: output.raw(",\"hull\":{\"type\":\"Point\",\"coordinates\":")
        case 2: output.raw(",\"hull\":{\"type\":\"LineString\",\"coordinates\":[")
        default: output.raw(",\"hull\":{\"type\":\"Polygon\",\"coordinates\":[[")
        }
        let ring = vertices.count > 2 ? vertices + [vertices[0]] : vertices
        for (position, vertex) in ring.enumerated() {
            output.raw(position == 0 ? "[" : ",[")
            output.number(vertex.longitude)
            output.raw(",")
            output.number(vertex.latitude)
            output.raw("]")
        }
        output.raw(vertices.count == 1 ? "}" : vertices.count == 2 ? "]}" : "]]}")
    }

    /// A cluster's `"categories":{"cafe":12,…},"category":"cafe",` (zero counts left out), nothing
    /// without categories.
    private func writeCategories(of item: ClusterItem, to output: inout JSONOutput) {
        guard let categories, let category = category(of: item) else { return }
        output.raw("\"categories\":{")
        var first = true
        for (name, count) in zip(categories.names, categoryCounts(of: item)) where count > 0 {
            if !first { output.raw(",") }
            first = false
            output.string(name)
            output.raw(":")
            output.integer(count)
        }
        output.raw("},\"category\":")
        output.string(categories.names[category])
        output.raw(",")
    }

    /// supercluster's `point_count_abbreviated`: the count itself below 1000 (a number), then
    /// `1.2k` (one decimal, dropped when zero) below 10 000, then `15k`.
    public static func abbreviatedCount(_ count: Int) -> JSONValue {
        func jsRound(_ value: Double) -> Double { (value + 0.5).rounded(.down) }
        if count >= 10000 { return .string("\(Int(jsRound(Double(count) / 1000)))k") }
        if count >= 1000 {
            var text = JSONOutput()
            text.number(jsRound(Double(count) / 100) / 10)
            return .string(text.text + "k")
        }
        return .number(Double(count))
    }
}
