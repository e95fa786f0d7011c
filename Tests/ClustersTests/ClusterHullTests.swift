import Foundation
import Testing
@testable import Clusters

/// Every cluster's bounding box is the box of its leaves and its hull the convex hull of its leaves
/// in Web Mercator (checked by what makes it so, not by another hull algorithm: every vertex is a
/// leaf, the ring turns strictly left at each vertex, and no leaf lies outside it), at every zoom of
/// seeded random points, uniform and clumped; degenerate hulls (one line, one place) by hand.
@Suite struct ClusterHullTests {
    static let cases: [(seed: UInt64, spread: Spread)] = SeededGenerator.seeds([3]).flatMap { seed in
        Spread.allCases.map { (seed, $0) }
    }

    @Test(arguments: cases)
    func boxesAndHullsAreThoseOfTheLeaves(seed: UInt64, spread: Spread) throws {
        var random = SeededGenerator(seed: seed)
        let coordinates = random.coordinates(2000, spread)
        let index = try ClusterIndex(points: PointSet(coordinates))
        var clusters = 0
        for zoom in index.zooms {
            for item in index.worldItems(zoom) where index.isCluster(item) {
                clusters += 1
                let leaves = index.pointIndices(of: item).map { coordinates[$0] }
                let context = "SEED=\(seed) \(spread) zoom \(zoom) cluster \(index.clusterID(of: item)!)"
                let box = index.boundingBox(of: item)
                #expect(box.west == leaves.map(\.longitude).min() && box.east == leaves.map(\.longitude).max()
                        && box.south == leaves.map(\.latitude).min() && box.north == leaves.map(\.latitude).max(), "\(context): \(box)")
                Self.expectHull(index.hull(of: item), of: leaves, context)
            }
        }
        #expect(clusters > 500, "SEED=\(seed) \(spread): only \(clusters) clusters")
    }

    @Test func pointsOnOneLineHaveASegmentAndPointsAtOnePlaceAPoint() throws {
        // Along one parallel (a line in Web Mercator), and four times the same place.
        let line: [Coordinate] = [(10, 45), (10.002, 45), (10.001, 45), (10.0005, 45)]
        let place: [Coordinate] = Array(repeating: (-70, -30), count: 4)
        let index = try ClusterIndex(points: PointSet(line + place), options: ClusterOptions(maxZoom: 10))
        let items = index.worldItems(5)
        #expect(items.count == 2 && items.allSatisfy(index.isCluster))
        let hulls = items.map { index.hull(of: $0) }.sorted { $0.count > $1.count }
        #expect(hulls[0].map(\.longitude) == [10, 10.002] && hulls[0].allSatisfy { $0.latitude == 45 })
        #expect(hulls[1].count == 1 && hulls[1][0] == (-70, -30))

        let json = try #require(try JSONSerialization.jsonObject(with: Data(index.featureCollection(items, extent: .hull))) as? [String: Any])
        let geometries = try #require((json["features"] as? [[String: Any]])?.compactMap { $0["hull"] as? [String: Any] })
        #expect(Set(geometries.compactMap { $0["type"] as? String }) == ["LineString", "Point"])
        #expect(geometries.contains { ($0["coordinates"] as? [[Double]]) == [[10, 45], [10.002, 45]] })
        #expect(geometries.contains { ($0["coordinates"] as? [Double]) == [-70, -30] })
    }

    @Test func geoJSONCarriesTheBoxAndTheClosedRing() throws {
        var random = SeededGenerator(seed: 5)
        let coordinates = random.coordinates(500, .clumped)
        let index = try ClusterIndex(points: PointSet(coordinates))
        let items = index.worldItems(2)
        for extent in [ClusterExtent.bbox, .hull] {
            let json = try #require(try JSONSerialization.jsonObject(with: Data(index.featureCollection(items, extent: extent))) as? [String: Any])
            let features = try #require(json["features"] as? [[String: Any]])
            #expect(features.count == items.count)
            for (feature, item) in zip(features, items) {
                #expect((feature["bbox"] != nil) == (extent == .bbox && index.isCluster(item)))
                #expect((feature["hull"] != nil) == (extent == .hull && index.isCluster(item)))
                if let bbox = feature["bbox"] as? [Double] {
                    let box = index.boundingBox(of: item)
                    #expect(Self.close(bbox, [box.west, box.south, box.east, box.north]))
                }
                if let hull = feature["hull"] as? [String: Any], hull["type"] as? String == "Polygon" {
                    let ring = try #require((hull["coordinates"] as? [[[Double]]])?.first)
                    let vertices = index.hull(of: item)
                    #expect(ring.count == vertices.count + 1 && ring.first == ring.last)
                    #expect(zip(ring, vertices).allSatisfy { Self.close($0, [$1.longitude, $1.latitude]) })
                }
            }
        }
        #expect(index.featureCollection(items) == index.featureCollection(items, extent: nil))
    }

    /// Equal numbers but for the last bit of a 17-digit number, which Foundation's JSON reader may miss.
    static func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-12 }
    }

    /// `hull` is the convex hull of `leaves`: its vertices are leaves, it turns strictly left
    /// (counterclockwise on a north-up map) at every vertex, and every leaf is inside or on it.
    static func expectHull(_ hull: [(longitude: Double, latitude: Double)], of leaves: [Coordinate], _ context: String) {
        func plane(_ c: Coordinate) -> (x: Double, v: Double) { (UnitSquare.x(c.longitude), -UnitSquare.y(c.latitude)) }
        func cross(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate) -> Double {
            let (a, b, c) = (plane(a), plane(b), plane(c))
            return (b.x - a.x) * (c.v - a.v) - (b.v - a.v) * (c.x - a.x)
        }
        let tolerance = 1e-15
        #expect(hull.allSatisfy { vertex in leaves.contains { $0 == vertex } }, "\(context): a vertex is not a leaf")
        switch hull.count {
        case 0:
            Issue.record("\(context): no hull")
        case 1:
            #expect(leaves.allSatisfy { plane($0) == plane(hull[0]) }, "\(context): one vertex, leaves elsewhere")
        case 2:
            #expect(plane(hull[0]) != plane(hull[1]))
            #expect(leaves.allSatisfy { abs(cross(hull[0], hull[1], $0)) <= tolerance }, "\(context): a leaf off the segment")
        default:
            for i in hull.indices {
                let a = hull[i], b = hull[(i + 1) % hull.count], c = hull[(i + 2) % hull.count]
                #expect(cross(a, b, c) > 0, "\(context): no left turn at vertex \((i + 1) % hull.count) of \(hull.count)")
                let outside = leaves.filter { cross(a, b, $0) < -tolerance }
                #expect(outside.isEmpty, "\(context): \(outside.count) leaves outside edge \(i), like \(outside.first.map { "\($0)" } ?? "")")
            }
        }
    }
}
