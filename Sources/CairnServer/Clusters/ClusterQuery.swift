import Clusters

/// The parameters of the `/clusters/{dataset}…` routes, parsed and range-checked before any index
/// is touched; every problem is a 400.
package enum ClusterQuery {
    /// `?bbox=W,S,E,N&zoom=Z` of `/clusters/{dataset}`: the zoom is required, the box defaults to the world.
    package static func region(_ query: [String: String]) throws -> (box: QueryBox, zoom: Double) {
        guard let zoomText = query["zoom"] else { throw ServeError.badRequest("zoom is required (…?bbox=W,S,E,N&zoom=Z)") }
        guard let zoom = Double(zoomText), zoom.isFinite, zoom >= 0, zoom <= 30 else {
            throw ServeError.badRequest("zoom must be a number from 0 to 30")
        }
        do {
            return (try query["bbox"].map { text throws(QueryBoxError) in try QueryBox(parsing: text) } ?? .world, zoom)
        } catch {
            throw ServeError.badRequest("bbox \(error)")
        }
    }

    /// The `{id}` of `/clusters/{dataset}/{id}/…`: a whole number.
    package static func clusterID(_ text: String) throws -> Int {
        guard text.count <= 19, text.utf8.allSatisfy({ (48...57).contains($0) }), let id = Int(text) else {
            throw ServeError.badRequest("the cluster id must be a whole number")
        }
        return id
    }

    /// `?filter=` (CQL2 text): nil when absent or empty; too long, too deep or not parsing is a 400
    /// with the reason (`filter: expected a value after '>=' at column 15`).
    package static func filter(_ query: [String: String], maxLength: Int, maxDepth: Int) throws -> PointFilter? {
        guard let text = query["filter"], !text.isEmpty else { return nil }
        guard text.utf8.count <= maxLength else {
            throw ServeError.badRequest("filter: longer than \(maxLength) bytes (limits.max_filter)")
        }
        do {
            return try PointFilter(parsing: text, maxDepth: maxDepth)
        } catch {
            throw ServeError.badRequest(error.description)
        }
    }

    /// `?extent=bbox|hull`: what each cluster carries of where its points reach; nil when absent or empty.
    package static func extent(_ query: [String: String]) throws -> ClusterExtent? {
        guard let text = query["extent"], !text.isEmpty else { return nil }
        guard let extent = ClusterExtent(rawValue: text) else {
            throw ServeError.badRequest("extent must be bbox or hull (got '\(text.prefix(32))')")
        }
        return extent
    }

    /// `?limit=&offset=` of `…/leaves`: 10 and 0 by default.
    package static func page(_ query: [String: String]) throws -> (limit: Int, offset: Int) {
        (try integer(query["limit"], name: "limit", default: 10, range: 1...100_000),
         try integer(query["offset"], name: "offset", default: 0, range: 0...Int(Int32.max)))
    }

    private static func integer(_ text: String?, name: String, default value: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw ServeError.badRequest("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
