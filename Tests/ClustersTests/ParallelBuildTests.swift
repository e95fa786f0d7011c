import Foundation
import Testing
@testable import Clusters

/// An index built on several threads is the index built on one: every level's items, ids,
/// counts, centroids and children, on the cities corpus and on random points.
@Suite struct ParallelBuildTests {
    private static let cities = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples/points/cities15000.csv").path

    /// The cities' index built on one thread for each radius of ``citiesOnSeveralThreads(threads:)``:
    /// its cluster total and everything it shows, made once for the suite's three cases.
    private static let serialCities = Result {
        let points = try PointReader.read(path: cities).points
        return try [40.0, 80, 10].map { radius in
            let serial = try ClusterIndex(points: points, options: ClusterOptions(radius: radius))
            return (radius: radius, total: serial.clusterTotal, seen: try serial.everythingSeen())
        }
    }

    @Test(arguments: [2, 3, 8])
    func citiesOnSeveralThreads(threads: Int) throws {
        let points = try PointReader.read(path: Self.cities).points
        for serial in try Self.serialCities.get() {
            let parallel = try ClusterIndex(points: points, options: ClusterOptions(radius: serial.radius), threads: threads)
            #expect(parallel.clusterTotal == serial.total, "radius \(serial.radius)")
            #expect(try parallel.everythingSeen() == serial.seen, "radius \(serial.radius), \(threads) threads")
        }
    }

    @Test(arguments: SeededGenerator.seeds([21, 22]))
    func randomPointsOnTwoThreads(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        // Enough that the levels' trees and sweeps split across threads (above 2^15 items).
        let points = random.pointsOfEverySpread(60_000)
        let serial = try ClusterIndex(points: points)
        let parallel = try ClusterIndex(points: points, threads: 2)
        #expect(parallel.clusterTotal == serial.clusterTotal, "seed \(seed)")
        #expect(parallel.levelSummaries == serial.levelSummaries, "seed \(seed)")
        #expect(try parallel.everythingSeen() == serial.everythingSeen(), "seed \(seed)")
    }

    /// Every level of two items or more split across space, so that the pass's parts and the
    /// settling of their seams run on small levels too; with aggregates, categories and
    /// `minPoints` above 2 (which make no difference to which item takes which).
    @Test func everyLevelSplitAcrossSpace() throws {
        let points = try PointReader.read(path: Self.cities).points
        let aggregates = [Aggregate(name: "total", operation: .sum, property: "population"),
                          Aggregate(name: "most", operation: .max, property: "population")]
        let columns = PropertyColumnCache()
        let (table, codes) = try ClusterIndex.resolve(CategorySpec(property: "country", values: ["US", "IN", "BR"]), of: points,
                                                  columns: columns)
        for (radius, minPoints) in [(40.0, 2), (80, 3)] {
            let build = { (threads: Int) in
                ClusterIndex(points: points, options: ClusterOptions(radius: radius, minPoints: minPoints), aggregates: aggregates,
                             categories: table, pointCategories: codes, propertyColumns: columns, threads: threads,
                             splitPassMinimum: 2)
            }
            let serial = build(1)
            let expected = try serial.everythingSeen()
            for threads in [2, 5] {
                let parallel = build(threads)
                let context = "radius \(radius), min points \(minPoints), \(threads) threads"
                #expect(parallel.clusterTotal == serial.clusterTotal, "\(context)")
                #expect(parallel.levelSummaries == serial.levelSummaries, "\(context)")
                #expect(try parallel.everythingSeen() == expected, "\(context)")
            }
        }
    }
}
