import Foundation
import Testing
import TestSupport
import TestTier

/// `?extent=bbox|hull` on `/clusters/{dataset}…` over the 34 006 cities: every cluster of a tile
/// carries the bounding box and the convex hull (in Web Mercator) of the points `…/leaves` lists
/// for it, in the GeoJSON and in the vector tile (decoded by mapbox-vector-tile); the extent is
/// part of every ETag and cache key; a bad extent is a 400.
@Suite struct ClusterHullRouteTests {
    /// The world at zoom 3 (Europe), the Alps at zoom 6.
    static let tiles = [(3, 4, 2), (6, 33, 22)]

    @Test func everyClusterOfATileHasItsLeavesBoxAndHull() async throws {
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            for (z, x, y) in Self.tiles {
                let area = "zoom=\(z)&bbox=\(ClusterTileTests.bbox(z: z, x: x, y: y))"
                let boxes = try Self.features(try await server.request("/clusters/cities?\(area)&extent=bbox"))
                let hulls = try Self.features(try await server.request("/clusters/cities?\(area)&extent=hull"))
                #expect(boxes.map { $0["id"] as? Int } == hulls.map { $0["id"] as? Int })
                var clusters = 0
                for (boxed, hulled) in zip(boxes, hulls) {
                    let properties = boxed["properties"] as? [String: Any] ?? [:]
                    guard let id = properties["cluster_id"] as? Int else {
                        #expect(boxed["bbox"] == nil && hulled["hull"] == nil, "a point carries no extent")
                        continue
                    }
                    clusters += 1
                    let leaves = try await Self.leaves(id, on: server)
                    #expect(leaves.count == properties["point_count"] as? Int, "cluster \(id)")
                    #expect(boxed["bbox"] as? [Double] == Self.box(of: leaves), "cluster \(id)")
                    let hull = try #require(hulled["hull"] as? [String: Any], "cluster \(id) has no hull")
                    Self.expect(hull, isTheHullOf: leaves, "\(z)/\(x)/\(y) cluster \(id)")
                }
                #expect(clusters >= 20, "\(z)/\(x)/\(y): only \(clusters) clusters")
            }
        }
    }

    @Test func childrenCarryTheirExtentAndEveryAnswerIsNamedByIt() async throws {
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            let world = try Self.features(try await server.request("/clusters/cities?zoom=2"))
            let ids = world.compactMap { ($0["properties"] as? [String: Any])?["cluster_id"] as? Int }
            let id = try #require(ids.first)
            let children = try Self.features(try await server.request("/clusters/cities/\(id)/children?extent=hull"))
            for child in children {
                guard let childID = (child["properties"] as? [String: Any])?["cluster_id"] as? Int else { continue }
                let hull = try #require(child["hull"] as? [String: Any])
                Self.expect(hull, isTheHullOf: try await Self.leaves(childID, on: server), "child \(childID)")
            }

            // Each extent is its own answer: its own ETag, revalidated by it.
            var etags: [String] = []
            for extent in ["", "&extent=bbox", "&extent=hull"] {
                let answer = try await server.request("/clusters/cities?zoom=2\(extent)")
                #expect(answer.status == 200)
                let etag = try #require(answer.header("ETag"))
                etags.append(etag)
                let again = try await server.request("/clusters/cities?zoom=2\(extent)", headers: [("If-None-Match", etag)])
                #expect(again.status == 304, "\(extent)")
            }
            #expect(Set(etags).count == 3, "\(etags)")

            let tiles = try await server.requestsAtOnce(["/clusters/cities/2/2/1.mvt", "/clusters/cities/2/2/1.mvt?extent=bbox",
                                                         "/clusters/cities/2/2/1.mvt?extent=hull"])
            #expect(tiles.allSatisfy { $0.status == 200 && $0.header("Content-Type") == "application/vnd.mapbox-vector-tile" })
            #expect(Set(tiles.map(\.body)).count == 3 && Set(tiles.compactMap { $0.header("ETag") }).count == 3)
            // A second ask is the cache's, with the same bytes (the plain tile is not the extent's).
            let cached = try await server.request("/clusters/cities/2/2/1.mvt?extent=hull")
            #expect(cached.header("Cache-Status")?.contains("hit") == true && cached.body == tiles[2].body)
            let plain = try await server.request("/clusters/cities/2/2/1.mvt")
            #expect(plain.body == tiles[0].body)

            // An image has no extents to carry: the same picture.
            let png = try await server.requestsAtOnce(["/clusters/cities/2/2/1.png", "/clusters/cities/2/2/1.png?extent=hull"])
            #expect(png[0].status == 200 && png[0].body == png[1].body)

            for target in ["/clusters/cities?zoom=2&extent=convex", "/clusters/cities/\(id)/children?extent=BBOX",
                           "/clusters/cities/2/2/1.mvt?extent=hulls"] {
                let bad = try await server.request(target)
                #expect(bad.status == 400, "\(target)")
                #expect(bad.text.contains("extent must be bbox or hull"), "\(target): \(bad.text)")
            }
        }
    }

    /// `.process`: the tiles are decoded by the Python reference decoder.
    @Test(.process) func vectorTilesCarryBoxesAndAHullLayer() async throws {
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            for (z, x, y) in Self.tiles {
                let tile = "\(z)/\(x)/\(y)"
                let world = try Self.features(try await server.request("/clusters/cities?zoom=\(z)&extent=bbox"))
                let boxes = Dictionary(world.compactMap { feature in
                    (feature["id"] as? Int).flatMap { id in (feature["bbox"] as? [Double]).map { (id, $0) } }
                }, uniquingKeysWith: { first, _ in first })

                let boxed = try MVTLayers.decode(try await server.request("/clusters/cities/\(tile).mvt?extent=bbox").body)
                #expect(boxed.map(\.name) == ["clusters"])
                var clusters = 0
                for feature in boxed.first?.features ?? [] where feature.properties["cluster"] != nil {
                    clusters += 1
                    let id = try #require(feature.id, "\(tile): a cluster without an id")
                    let box = ["bbox_w", "bbox_s", "bbox_e", "bbox_n"].compactMap { feature.properties[$0] as? Double }
                    #expect(box.count == 4 && zip(box, boxes[id] ?? []).allSatisfy { abs($0 - $1) <= 1e-9 }, "\(tile) cluster \(id): \(box)")
                }
                #expect(clusters >= 20, "\(tile): \(clusters) clusters")

                let layers = try MVTLayers.decode(try await server.request("/clusters/cities/\(tile).mvt?extent=hull").body)
                #expect(layers.map(\.name) == ["clusters", "hulls"])
                let hulls = try #require(layers.last)
                #expect(hulls.features.allSatisfy { $0.type == "Polygon" }, "\(tile)")
                let drawn = Dictionary(hulls.features.compactMap { f in f.id.map { ($0, f) } }, uniquingKeysWith: { first, _ in first })
                // Every cluster of the zoom whose hull reaches into the tile is there, as that hull.
                var reaching = 0
                for (id, box) in boxes {
                    // A hull lies within its box: one that misses the tile is not asked about.
                    let (west, north) = Self.tileUnits([box[0], box[3]], z: z, x: x, y: y)
                    let (east, south) = Self.tileUnits([box[2], box[1]], z: z, x: x, y: y)
                    guard east > 0, west < 4096, south > 0, north < 4096 else { continue }
                    let leaves = try await Self.leaves(id, on: server)
                    let expected = Self.hull(of: leaves).map { Self.tileUnits($0, z: z, x: x, y: y) }
                    let xs = expected.map(\.x), ys = expected.map(\.y)
                    guard xs.max()! > 0, xs.min()! < 4096, ys.max()! > 0, ys.min()! < 4096 else { continue }
                    guard expected.count >= 3, Set(expected.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }).count >= 3 else { continue }
                    reaching += 1
                    guard let feature = drawn[id] else {
                        Issue.record("\(tile): no hull for cluster \(id) (\(box))")
                        continue
                    }
                    let ring = feature.rings.first ?? []
                    #expect(ring.count == expected.count, "\(tile) cluster \(id): \(ring.count) vertices, the hull has \(expected.count)")
                    for vertex in expected {
                        #expect(ring.contains { abs(Double($0.x) - vertex.x) <= 0.51 && abs(Double($0.y) - vertex.y) <= 0.51 },
                                "\(tile) cluster \(id): vertex \(vertex) is not in the tile's ring")
                    }
                    #expect(feature.properties["point_count"] as? Int == leaves.count, "\(tile) cluster \(id)")
                }
                #expect(reaching >= 20 && hulls.features.count >= reaching, "\(tile): \(reaching) hulls reach the tile, \(hulls.features.count) drawn")
            }
        }
    }

    // MARK: The reference: leaves, boxes and hulls computed here

    static func features(_ answer: HTTPResponse) throws -> [[String: Any]] {
        #expect(answer.status == 200, "\(answer.text)")
        let json = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
        return try #require(json?["features"] as? [[String: Any]])
    }

    /// The coordinates of all the cluster's leaves, as `…/leaves` lists them.
    static func leaves(_ id: Int, on server: InProcessServer) async throws -> [[Double]] {
        try features(try await server.request("/clusters/cities/\(id)/leaves?limit=100000")).map { feature in
            try #require((feature["geometry"] as? [String: Any])?["coordinates"] as? [Double])
        }
    }

    static func box(of points: [[Double]]) -> [Double] {
        [points.map { $0[0] }.min()!, points.map { $0[1] }.min()!, points.map { $0[0] }.max()!, points.map { $0[1] }.max()!]
    }

    /// The convex hull of `points` ([lon, lat]) in Web Mercator: Andrew's monotone chain over (x, -y),
    /// strict turns only, counterclockwise on a north-up map.
    static func hull(of points: [[Double]]) -> [[Double]] {
        func plane(_ p: [Double]) -> (Double, Double) { (Mercator.x(p[0]), -Mercator.y(p[1])) }
        var sorted: [[Double]] = []
        for point in points.sorted(by: { plane($0) < plane($1) }) where sorted.last.map({ plane($0) != plane(point) }) ?? true {
            sorted.append(point)
        }
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: [Double], _ a: [Double], _ b: [Double]) -> Double {
            let (o, a, b) = (plane(o), plane(a), plane(b))
            return (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
        }
        func chain(_ points: [[Double]]) -> [[Double]] {
            var chain: [[Double]] = []
            for point in points {
                while chain.count >= 2, cross(chain[chain.count - 2], chain[chain.count - 1], point) <= 0 { chain.removeLast() }
                chain.append(point)
            }
            return chain
        }
        let hull = Array(chain(sorted).dropLast()) + Array(chain(sorted.reversed()).dropLast())
        return hull.count < 3 ? [sorted.first!, sorted.last!] : hull
    }

    /// `geometry` (a cluster's `hull`) is the convex hull of `leaves`: the same vertices (a Polygon's
    /// ring closed, counterclockwise), or a LineString/Point when they lie on one line or at one place.
    static func expect(_ geometry: [String: Any], isTheHullOf leaves: [[Double]], _ context: String) {
        let expected = hull(of: leaves)
        switch geometry["type"] as? String {
        case "Polygon":
            let ring = (geometry["coordinates"] as? [[[Double]]])?.first ?? []
            #expect(ring.count == expected.count + 1 && ring.first == ring.last, "\(context): \(ring.count - 1) vertices, \(expected.count) expected")
            let vertices = Array(ring.dropLast())
            #expect(Set(vertices) == Set(expected), "\(context): \(vertices) is not \(expected)")
            // Counterclockwise: the same cyclic order as the reference's.
            if let start = vertices.firstIndex(of: expected[0]) {
                #expect(Array(vertices[start...] + vertices[..<start]) == expected, "\(context): not counterclockwise")
            }
        case "LineString":
            #expect(expected.count == 2 && Set(geometry["coordinates"] as? [[Double]] ?? []) == Set(expected), "\(context)")
        case "Point":
            #expect(expected.count == 1 && geometry["coordinates"] as? [Double] == expected[0], "\(context)")
        default:
            Issue.record("\(context): a hull of type \(geometry["type"] ?? "none")")
        }
    }

    /// A point's position in the 4096 units of tile z/x/y.
    static func tileUnits(_ point: [Double], z: Int, x: Int, y: Int) -> (x: Double, y: Double) {
        let n = Double(1 << z)
        return ((Mercator.x(point[0]) * n - Double(x)) * 4096, (Mercator.y(point[1]) * n - Double(y)) * 4096)
    }
}

/// Vector tiles of points and polygons decoded by mapbox-vector-tile (`Tests/Support/mvt_decode.py`).
enum MVTLayers {
    struct Layer {
        var name: String
        var features: [Feature]
    }

    struct Feature {
        var id: Int?
        /// `Point`, `Polygon`…
        var type: String
        /// A polygon's rings, without the closing vertex; a point's one position.
        var rings: [[(x: Int, y: Int)]]
        var properties: [String: Any]
    }

    static func decode(_ tile: [UInt8]) throws -> [Layer] {
        let data = try PythonReference.run("mvt_decode.py", on: tile, fileName: "tile.mvt")
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (root?["layers"] as? [[String: Any]] ?? []).map { layer in
            Layer(name: layer["name"] as? String ?? "", features: (layer["features"] as? [[String: Any]] ?? []).map { feature in
                let type = feature["geometry_type"] as? String ?? ""
                let rings: [[(x: Int, y: Int)]]
                if type == "Polygon", let coordinates = feature["coordinates"] as? [[[Int]]] {
                    rings = coordinates.map { ring in
                        let vertices = ring.map { (x: $0[0], y: $0[1]) }
                        return vertices.count > 1 && vertices.first! == vertices.last! ? Array(vertices.dropLast()) : vertices
                    }
                } else {
                    rings = [(feature["coordinates"] as? [[Int]] ?? []).map { (x: $0[0], y: $0[1]) }]
                }
                var properties: [String: Any] = [:]
                for entry in feature["properties"] as? [[Any]] ?? [] where entry.count == 3 {
                    guard let key = entry[0] as? String else { continue }
                    switch entry[1] as? String {
                    case "int": properties[key] = Int(entry[2] as? String ?? "")
                    default: properties[key] = entry[2]
                    }
                }
                return Feature(id: (feature["id"] as? String).flatMap { Int($0) }, type: type, rings: rings, properties: properties)
            })
        }
    }
}
