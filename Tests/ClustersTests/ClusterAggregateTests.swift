import Foundation
import Testing
@testable import Clusters

/// Aggregates: a cluster's sum, min, max and mean of a numeric property of its points, over the
/// points that have a number there; null when none has.
@Suite struct ClusterAggregateTests {
    static let all: [Aggregate] = [
        Aggregate(name: "total", operation: .sum, property: "pop"),
        Aggregate(name: "least", operation: .min, property: "pop"),
        Aggregate(name: "most", operation: .max, property: "pop"),
        Aggregate(name: "average", operation: .mean, property: "pop"),
    ]

    /// Nine points on one spot; only 10, -2.5 and 6.5 are numbers at the top level of `pop`.
    @Test func sumMinMaxAndMeanCountOnlyPointsWithANumber() throws {
        let properties: [String?] = [
            #"{"pop":10}"#, #"{"pop":-2.5}"#, #"{"pop":"12"}"#, "{}", #"{"pop":null}"#,
            #"{"name":"x, \"y\"","pop":6.5,"extra":[1,{"pop":99}]}"#, #"{"other":{"pop":100}}"#, #"{"pop":true}"#, nil,
        ]
        let index = try ClusterIndex(points: PointSet(Array(repeating: (5, 5), count: properties.count)) { properties[$0] },
                                     aggregates: Self.all)
        let cluster = try #require(index.worldItems(0).first)
        #expect(index.pointCount(of: cluster) == 9)
        #expect(index.aggregateValues(of: cluster) == [14, -2.5, 10, 14.0 / 3])
        let text = String(decoding: index.featureCollection([cluster]), as: UTF8.self)
        #expect(text.contains(#""properties":{"total":14,"least":-2.5,"most":10,"average":4.666666666666667,"cluster":true,"#))
    }

    @Test func aClusterWithoutThePropertyGetsNull() throws {
        let index = try ClusterIndex(points: PointSet([(5, 5), (5, 5), (50, 5)]) { [#"{"name":"a"}"#, nil, #"{"pop":3}"#][$0] },
                                     aggregates: Self.all)
        let cluster = try #require(index.worldItems(0).first(where: index.isCluster))
        #expect(index.aggregateValues(of: cluster) == [nil, nil, nil, nil])
        let text = String(decoding: index.featureCollection([cluster]), as: UTF8.self)
        #expect(text.contains(#""properties":{"total":null,"least":null,"most":null,"average":null,"cluster":true,"#))
        let point = try #require(index.worldItems(0).first { !index.isCluster($0) })
        #expect(index.aggregateValues(of: point).isEmpty)
    }

    /// A cluster made of clusters aggregates all of its points, not its children's results: the
    /// mean of a parent is the mean over its leaves, not a mean of means.
    @Test(arguments: SeededGenerator.seeds([31, 32]))
    func aClusterAggregatesAllItsLeaves(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let coordinates = random.coordinates(2000, .clumped)
        let values: [Double?] = coordinates.indices.map { _ in
            Int.random(in: 0..<5, using: &random) == 0 ? nil : Double.random(in: -1000...1000, using: &random)
        }
        let index = try ClusterIndex(points: PointSet(coordinates) { point in
            values[point].map { #"{"name":"p","pop":\#($0)}"# } ?? (point % 2 == 0 ? #"{"pop":"none"}"# : nil)
        }, aggregates: Self.all)

        var checked = 0
        for zoom in index.zooms {
            for cluster in index.worldItems(zoom) where index.isCluster(cluster) {
                let leaves = index.pointIndices(of: cluster).compactMap { values[$0] }
                let expected: [Double?] = leaves.isEmpty ? [nil, nil, nil, nil]
                    : [leaves.reduce(0, +), leaves.min(), leaves.max(), leaves.reduce(0, +) / Double(leaves.count)]
                let found = index.aggregateValues(of: cluster)
                let same = zip(found, expected).allSatisfy { found, expected in
                    guard let found, let expected else { return found == nil && expected == nil }
                    return abs(found - expected) <= 1e-9 * max(1, abs(expected))
                }
                #expect(same, "zoom \(zoom), cluster \(index.clusterID(of: cluster)!): \(found), expected \(expected) over \(leaves.count) values; SEED=\(seed)")
                checked += 1
            }
        }
        #expect(checked > 500, "SEED=\(seed)")
    }
}
