import Foundation
import Testing
@testable import Clusters

/// An index built on several threads is the index built on one: every level's items, ids,
/// counts, centroids and children, on the cities corpus and on random points.
@Suite struct ParallelBuildTests {
    private static let cities = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples/points/cities15000.csv").path

    /// Everything a client can see of an index: each zoom's world GeoJSON, and each cluster's
    /// children and expansion zoom.
    private static func everything(_ index: ClusterIndex) throws -> [[UInt8]] {
        var seen: [[UInt8]] = []
        for zoom in index.options.minZoom...(index.options.maxZoom + 1) {
            let items = index.clusters(in: .world, zoom: Double(zoom))
            seen.append(index.featureCollection(items))
            for item in items {
                guard let id = index.clusterID(of: item) else { continue }
                seen.append(index.featureArray(try index.children(of: id)))
                seen.append(Array("\(try index.expansionZoom(of: id))".utf8))
            }
        }
        return seen
    }

    @Test(arguments: [2, 3, 8])
    func citiesOnSeveralThreads(threads: Int) throws {
        let points = try PointReader.read(path: Self.cities).points
        for radius in [40.0, 80, 10] {
            let options = ClusterOptions(radius: radius)
            let serial = try ClusterIndex(points: points, options: options)
            let parallel = try ClusterIndex(points: points, options: options, threads: threads)
            #expect(parallel.clusterTotal == serial.clusterTotal, "radius \(radius)")
            #expect(try Self.everything(parallel) == Self.everything(serial), "radius \(radius), \(threads) threads")
        }
    }

    @Test(arguments: SeededGenerator.seeds([21, 22]))
    func randomPointsOnTwoThreads(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var points = PointSet()
        // Enough that the levels' trees and sweeps split across threads (above 2^15 items).
        for spread in Spread.allCases {
            for coordinate in random.coordinates(60_000, spread) {
                points.append(longitude: coordinate.longitude, latitude: coordinate.latitude)
            }
        }
        let serial = try ClusterIndex(points: points)
        let parallel = try ClusterIndex(points: points, threads: 2)
        #expect(parallel.clusterTotal == serial.clusterTotal, "seed \(seed)")
        #expect(parallel.levelSummaries == serial.levelSummaries, "seed \(seed)")
        #expect(try Self.everything(parallel) == Self.everything(serial), "seed \(seed)")
    }
}
