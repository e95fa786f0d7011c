import Foundation
import Testing
@testable import Clusters

/// Clusterings small enough to work out by hand: where two points merge, which point seeds a
/// cluster, where a cluster sits, what `minPoints` holds back, the poles, the antimeridian, and the
/// degenerate data sets (none, one, a thousand on one spot). Default options unless a test says
/// otherwise: radius 40 px of a 512 px tile, zooms 0-16.
@Suite struct ClusterIndexTests {
    /// 0.1° of longitude is 0.1/360 of the world: 0.1422 px·2^z on a 512 px tile, so 36.4 px at
    /// zoom 8 (within the 40 px radius) and 72.8 px at zoom 9.
    static let tenthOfADegree = Double(Float(UnitSquare.x(0.1))) - 0.5

    @Test func twoPointsMergeUpToTheZoomWhereTheyAreARadiusApart() throws {
        let index = try ClusterIndex(points: PointSet([(0, 0), (0.1, 0)]))
        let lastMerged = try #require((0...16).last { Self.tenthOfADegree * 512 * pow(2, Double($0)) <= 40 })
        #expect(lastMerged == 8)

        for zoom in 0...lastMerged {
            let items = index.worldItems(zoom)
            #expect(items.count == 1, "zoom \(zoom)")
            #expect(items.map { index.pointCount(of: $0) } == [2], "zoom \(zoom)")
            #expect(items.allSatisfy(index.isCluster), "zoom \(zoom)")
        }
        for zoom in (lastMerged + 1)...17 {
            let items = index.worldItems(zoom)
            #expect(items.compactMap(index.pointIndex).sorted() == [0, 1], "zoom \(zoom)")
            #expect(!items.contains(where: index.isCluster), "zoom \(zoom)")
        }
        let cluster = try #require(index.worldItems(lastMerged).first.flatMap(index.clusterID))
        #expect(try index.expansionZoom(of: cluster) == lastMerged + 1)
    }

    /// Pairs 360/16384° apart (2^-14 of the world, exactly 32 px at zoom 10 on a 512 px tile),
    /// far from each other; with 2 items a leaf, most are split items of the KD-tree's inner nodes.
    @Test(arguments: [2, 64])
    func pointsExactlyARadiusApartStillMerge(nodeSize: Int) throws {
        var coordinates: [Coordinate] = []
        for (k, m) in stride(from: -350, through: 350, by: 100).enumerated() {
            let latitude = Double(k * 17 % 120 - 60)
            coordinates += [(360 * Double(m) / 1024, latitude), (360 * (Double(m) / 1024 + 1.0 / 16384), latitude)]
        }
        let index = try ClusterIndex(points: PointSet(coordinates), options: ClusterOptions(radius: 32, nodeSize: nodeSize))
        #expect(index.worldItems(10).map { index.pointIndices(of: $0).sorted() }.sorted { $0.first ?? -1 < $1.first ?? -1 }
                == (0..<8).map { [2 * $0, 2 * $0 + 1] })
        #expect(index.itemCount(atZoom: 11) == 16)
    }

    /// A, B and C 0.1° apart in a row, so at zoom 8 each is within the radius of its neighbours
    /// only: the first of them in index order seeds, and takes what is within its own reach.
    @Test(arguments: [
        ([0.0, 0.1, 0.2], [[0, 1], [2]]),  // A seeds, takes B; C stays alone
        ([0.1, 0.0, 0.2], [[0, 1, 2]]),  // B (point 0 now) seeds and reaches both
        ([0.2, 0.0, 0.1], [[0, 2], [1]]),  // C seeds, takes B; A stays alone
    ])
    func theFirstPointInIndexOrderSeedsTheCluster(longitudes: [Double], expected: [[Int]]) throws {
        let index = try ClusterIndex(points: PointSet(longitudes.map { ($0, 0) }))
        let items = index.worldItems(8)
        #expect(items.map { index.pointIndices(of: $0).sorted() }.sorted { $0.count > $1.count } == expected)
        // The seed is the level's first item: position 0 in the id (index << 5) + (zoom + 1) + N.
        #expect(items.compactMap(index.clusterID) == [(0 << 5) + (8 + 1) + 3])
    }

    /// A level of no more than `nodeSize` items is one KD-tree leaf, which supercluster's
    /// `getChildren` reads in index order: A seeds, then B (east) and C (west), whatever their x.
    @Test func childrenAndLeavesComeInSuperclustersOrder() throws {
        let index = try ClusterIndex(points: PointSet([(0, 0), (0.1, 0), (-0.1, 0)]))
        let cluster = try #require(index.worldItems(8).first(where: index.isCluster))
        let id = try #require(index.clusterID(of: cluster))
        #expect(try index.children(of: id).map(index.pointIndex) == [0, 1, 2])
        #expect(try index.leaves(of: id).map(index.pointIndex) == [0, 1, 2])
        #expect(try index.leaves(of: id, limit: 1, offset: 2).map(index.pointIndex) == [2])
    }

    /// A and B merge at zoom 8; C, 0.3° north and 0.15° east of their midpoint, joins them at
    /// zoom 6 (31 px away; 61 px at zoom 7), where the cluster of two counts twice: whether it
    /// seeds (A before C in index order) or joins C's cluster (C first).
    @Test(arguments: [[0, 1, 2], [2, 0, 1]])
    func aClusterSitsAtTheCountWeightedCentroid(order: [Int]) throws {
        let (a, b, c) = (UnitSquare.stored((0, 0)), UnitSquare.stored((0.1, 0)), UnitSquare.stored((0.2, 0.3)))
        let coordinates: [Coordinate] = [(0, 0), (0.1, 0), (0.2, 0.3)]
        let index = try ClusterIndex(points: PointSet(order.map { coordinates[$0] }))

        let pair = try #require(index.worldItems(7).first(where: index.isCluster))
        #expect(index.pointCount(of: pair) == 2)
        #expect(index.worldItems(7).count == 2)
        let pairAt = index.coordinate(of: pair)
        #expect(abs(pairAt.longitude - UnitSquare.longitude((a.x + b.x) / 2)) < 1e-9)
        #expect(abs(pairAt.latitude - UnitSquare.latitude((a.y + b.y) / 2)) < 1e-9)

        let all = try #require(index.worldItems(6).first)
        #expect(index.worldItems(6).count == 1)
        #expect(index.pointCount(of: all) == 3)
        let weighted = (x: (2 * (a.x + b.x) / 2 + c.x) / 3, y: (2 * (a.y + b.y) / 2 + c.y) / 3)
        let at = index.coordinate(of: all)
        #expect(abs(at.longitude - UnitSquare.longitude(weighted.x)) < 1e-9)
        #expect(abs(at.latitude - UnitSquare.latitude(weighted.y)) < 1e-9)
        // Weighted 1:1 it would be at 0.125°, 0.15°, not 0.1°, 0.1°: far more than the tolerance.
        #expect(abs(at.longitude - 0.1) < 1e-4 && abs(at.latitude - 0.1) < 1e-4)
    }

    /// Two pairs and a triple, each 0.1° across and 90° from the others: with `minPoints` 3 the
    /// pairs never cluster, the triple does up to zoom 8.
    @Test func minPointsThreeLeavesPairsAlone() throws {
        let coordinates: [Coordinate] = [(0, 0), (0.1, 0), (90, 0), (90.1, 0), (-90, 0), (-90.1, 0), (-90.05, 0.05)]
        let index = try ClusterIndex(points: PointSet(coordinates), options: ClusterOptions(minPoints: 3))
        for zoom in 0...17 {
            let groups = index.worldItems(zoom).map { index.pointIndices(of: $0).sorted() }.sorted { $0.first ?? -1 < $1.first ?? -1 }
            let expected = zoom <= 8 ? [[0], [1], [2], [3], [4, 5, 6]] : (0..<7).map { [$0] }
            #expect(groups == expected, "zoom \(zoom)")
        }
        let pairsToo = try ClusterIndex(points: PointSet(coordinates), options: ClusterOptions(minPoints: 2))
        #expect(pairsToo.itemCount(atZoom: 8) == 3)
    }

    /// 179.9° and -179.9° are 0.2° apart on the globe but at the two ends of the flat world that
    /// supercluster clusters in: they never merge.
    @Test func pointsEitherSideOfTheAntimeridianStayApart() throws {
        let index = try ClusterIndex(points: PointSet([(179.9, 0), (-179.9, 0)]))
        for zoom in 0...17 {
            #expect(index.worldItems(zoom).compactMap(index.pointIndex).sorted() == [0, 1], "zoom \(zoom)")
        }
    }

    /// Latitudes past ±85.05° project onto the square's top or bottom edge.
    @Test func polesClampToTheEdgesOfTheSquare() throws {
        let coordinates: [Coordinate] = [(0, 90), (10, 89.9), (0, -90), (-170, 80)]
        let index = try ClusterIndex(points: PointSet(coordinates))

        let world = index.worldItems(17)
        #expect(world.compactMap(index.pointIndex).sorted() == [0, 1, 2, 3])
        for item in world {
            let point = try #require(index.pointIndex(of: item))
            let (x, y) = index.projected(item)
            #expect((0...1).contains(x) && (0...1).contains(y), "point \(point)")
        }
        let y = world.sorted { index.pointIndex(of: $0) ?? -1 < index.pointIndex(of: $1) ?? -1 }.map { index.projected($0).y }
        #expect(Array(y.prefix(3)) == [0, 0, 1])  // 90° and 89.9° on the top edge, -90° on the bottom one

        // At zoom 0 the two northernmost points are 14 px apart on the top edge: one cluster there.
        let cluster = try #require(index.worldItems(0).first(where: index.isCluster))
        #expect(index.pointIndices(of: cluster).sorted() == [0, 1])
        #expect(abs(index.coordinate(of: cluster).latitude - 85.051_128_779_806_59) < 1e-9)
        #expect(abs(index.coordinate(of: cluster).longitude - 5) < 1e-5)

        // A box must reach past 85.05° to see the edge.
        #expect(index.clusters(west: -11, south: 80, east: 11, north: 85, zoom: 17).isEmpty)
        #expect(index.clusters(west: -11, south: 80, east: 11, north: 86, zoom: 17).compactMap(index.pointIndex).sorted() == [0, 1])
    }

    @Test func anEmptyPointSetAnswersEveryQueryWithNothing() throws {
        let index = try ClusterIndex(points: PointSet())
        for zoom in -1...18 {
            #expect(index.clusters(west: -180, south: -90, east: 180, north: 90, zoom: Double(zoom)).isEmpty)
            #expect(index.itemCount(atZoom: zoom) == 0)
        }
        #expect(index.tile(z: 0, x: 0, y: 0).isEmpty)
        #expect(index.clusters(west: 170, south: -10, east: -170, north: 10, zoom: 3).isEmpty)
        #expect(index.levelSummaries == (0...17).map { ClusterLevelSummary(zoom: $0, clusters: 0, points: 0) })
        #expect(index.clusterTotal == 0)
        for id in [0, 1, 17, 33, -1] {
            #expect(index.cluster(id: id) == nil)
            #expect(throws: UnknownCluster.self) { try index.children(of: id) }
            #expect(throws: UnknownCluster.self) { try index.leaves(of: id) }
            #expect(throws: UnknownCluster.self) { try index.expansionZoom(of: id) }
        }
        #expect(String(decoding: index.featureCollection([]), as: UTF8.self) == #"{"type":"FeatureCollection","features":[]}"#)
    }

    @Test func aSinglePointIsItsOwnItemAtEveryZoom() throws {
        var points = PointSet()
        points.append(longitude: 13.4, latitude: 52.5, id: "1", properties: #"{"name":"Berlin"}"#)
        let index = try ClusterIndex(points: points)
        for zoom in 0...17 {
            let items = index.worldItems(zoom)
            #expect(items.count == 1)
            #expect(items.map(index.pointIndex) == [0])
            #expect(items.map { index.coordinate(of: $0).longitude } == [13.4])
            #expect(items.map { index.coordinate(of: $0).latitude } == [52.5])
        }
        #expect(index.clusterTotal == 0)
        // The id it would have if it had seeded a cluster at zoom 16.
        #expect(throws: UnknownCluster.self) { try index.children(of: (0 << 5) + 17 + 1) }
    }

    /// A thousand points on one spot: one cluster of all of them at every zoom it covers, since no
    /// zoom is deep enough to part them.
    @Test func pointsOnOneSpotFormOneClusterAtEveryZoom() throws {
        let index = try ClusterIndex(points: PointSet(Array(repeating: (2.35, 48.85), count: 1000)))
        let id = (0 << 5) + (16 + 1) + 1000
        for zoom in 0...16 {
            let items = index.worldItems(zoom)
            #expect(items.map(index.clusterID) == [id], "zoom \(zoom)")
            #expect(items.map(index.pointCount) == [1000], "zoom \(zoom)")
        }
        #expect(index.itemCount(atZoom: 17) == 1000)
        #expect(try index.expansionZoom(of: id) == 17)
        #expect(try index.children(of: id).compactMap(index.pointIndex).sorted() == Array(0..<1000))

        var paged: [Int] = []
        for offset in stride(from: 0, to: 1000, by: 64) {
            let page = try index.leaves(of: id, limit: 64, offset: offset)
            #expect(page.count == min(64, 1000 - offset))
            paged += page.compactMap(index.pointIndex)
        }
        #expect(paged.count == 1000)
        #expect(Set(paged) == Set(0..<1000))
        #expect(try index.leaves(of: id, limit: 10, offset: 995).count == 5)
        #expect(try index.leaves(of: id, limit: 10, offset: 1000).isEmpty)
        #expect(index.levelSummaries.map(\.clusters) == Array(repeating: 1, count: 17) + [0])
    }

    @Test(arguments: [
        (ClusterOptions(radius: 0), "radius"),
        (ClusterOptions(extent: -512), "extent"),
        (ClusterOptions(minZoom: 5, maxZoom: 4), "max zoom"),
        (ClusterOptions(maxZoom: 31), "max zoom"),
        (ClusterOptions(minPoints: 1), "min points"),
    ])
    func optionsThatCannotClusterAreRefused(options: ClusterOptions, named: String) {
        #expect {
            _ = try ClusterIndex(points: PointSet([(0, 0)]), options: options)
        } throws: { error in
            (error as? ClusterOptionsError)?.problem.hasPrefix(named) == true
        }
    }
}
