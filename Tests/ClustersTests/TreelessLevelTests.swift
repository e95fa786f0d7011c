import Foundation
import Testing
@testable import Clusters

/// Levels clustered without their KD-tree (every item with at most one neighbour), or with only
/// the part of it around the few items with more, give the index that sorting every level's tree
/// gives: every zoom's items, ids, counts and centroids, every
/// cluster's children (a pair's in search order, settled when a query first needs the tree),
/// leaves and expansion zoom, and the same again once the server has made every tree at once.
@Suite struct TreelessLevelTests {
    private static let cities = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples/points/cities15000.csv").path

    private static func compare(_ points: PointSet, _ options: ClusterOptions, _ context: String) throws {
        let build = { (skipsTrees: Bool) in
            ClusterIndex(points: points, options: options, aggregates: [], categories: nil, pointCategories: [],
                         propertyColumns: PropertyColumnCache(), skipsTrees: skipsTrees)
        }
        let everyTree = build(false), treeless = build(true), prepared = build(true)
        prepared.prepareLevels()
        let expected = try everyTree.everythingSeen(leaves: 50)
        #expect(treeless.clusterTotal == everyTree.clusterTotal, "\(context)")
        #expect(treeless.levelSummaries == everyTree.levelSummaries, "\(context)")
        #expect(treeless.byteCount == everyTree.byteCount, "\(context)")
        #expect(try treeless.everythingSeen(leaves: 50) == expected, "\(context)")
        #expect(try prepared.everythingSeen(leaves: 50) == expected, "\(context), trees made at once")
    }

    @Test func cities() throws {
        let points = try PointReader.read(path: Self.cities).points
        for (radius, minPoints) in [(40.0, 2), (80, 2), (10, 2), (40, 3), (200, 2)] {
            try Self.compare(points, ClusterOptions(radius: radius, minPoints: minPoints), "cities, radius \(radius), min points \(minPoints)")
        }
    }

    /// Uniform points dense enough that a few items have two neighbours or more at zooms where
    /// most have none: those levels are sorted only around them.
    @Test func levelsSortedAroundTheirCrowds() throws {
        var random = SeededGenerator(seed: 33)
        var points = PointSet()
        for coordinate in random.coordinates(150_000, .uniform) {
            points.append(longitude: coordinate.longitude, latitude: coordinate.latitude)
        }
        let index = ClusterIndex(points: points, options: ClusterOptions(), aggregates: [], categories: nil, pointCategories: [],
                                 propertyColumns: PropertyColumnCache(), skipsTrees: true)
        #expect(index.levels.contains { $0.unsortedRangeCount > 1 }, "no level was sorted around its crowds")
        try Self.compare(points, ClusterOptions(), "150 000 uniform points")
        try Self.compare(points, ClusterOptions(minPoints: 3), "150 000 uniform points, min points 3")
    }

    @Test(arguments: SeededGenerator.seeds([31, 32]))
    func randomPoints(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let points = random.pointsOfEverySpread(40_000)
        try Self.compare(points, ClusterOptions(), "seed \(seed)")
        try Self.compare(points, ClusterOptions(radius: 20, maxZoom: 18), "seed \(seed), radius 20, max zoom 18")
    }
}
