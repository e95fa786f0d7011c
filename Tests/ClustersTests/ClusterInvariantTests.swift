import Foundation
import Synchronization
import Testing
@testable import Clusters

/// What must hold of any clustering, checked on a few thousand seeded random points (uniform, and
/// clumped at every scale around a few centres) under the default options and two others: every
/// zoom partitions the points, each zoom refines the one below, children and leaves give back a
/// cluster's points, ids decode to the zoom they were made at, expansion zooms are where a cluster
/// splits. A failure names its `SEED=N`.
@Suite struct ClusterInvariantTests {
    struct Case: Sendable, Hashable, CustomTestStringConvertible, CustomStringConvertible {
        let seed: UInt64
        let spread: Spread
        let optionsName: String

        var options: ClusterOptions {
            switch optionsName {
            case "minPoints 4, radius 60, extent 256, zooms 2-12, sum":
                ClusterOptions(radius: 60, extent: 256, minZoom: 2, maxZoom: 12, minPoints: 4)
            case "minPoints 3, radius 25, max zoom 20":
                ClusterOptions(radius: 25, maxZoom: 20, minPoints: 3)
            default:
                ClusterOptions()
            }
        }

        var aggregates: [Aggregate] {
            optionsName.hasSuffix("sum") ? [Aggregate(name: "total", operation: .sum, property: "pop")] : []
        }

        var testDescription: String { "SEED=\(seed) \(spread) \(optionsName)" }
        var description: String { testDescription }
    }

    static let cases: [Case] = SeededGenerator.seeds([1, 2]).flatMap { seed in
        Spread.allCases.flatMap { spread in
            ["defaults", "minPoints 4, radius 60, extent 256, zooms 2-12, sum", "minPoints 3, radius 25, max zoom 20"].map {
                Case(seed: seed, spread: spread, optionsName: $0)
            }
        }
    }

    // MARK: Partition and refinement

    @Test(arguments: cases)
    func everyPointIsInExactlyOneItemAtEveryZoom(_ test: Case) throws {
        let fixture = try Fixture.of(test)
        let index = fixture.index
        for (level, summary) in zip(fixture.levels, index.levelSummaries) {
            var seen = [Int](repeating: 0, count: index.pointCount)
            for points in level.points { for point in points { seen[point] += 1 } }
            let wrong = seen.indices.filter { seen[$0] != 1 }
            #expect(wrong.isEmpty, "zoom \(level.zoom): \(wrong.count) points in none or several items, e.g. \(wrong.prefix(5)); \(test)")
            #expect(level.items.reduce(0) { $0 + index.pointCount(of: $1) } == index.pointCount, "zoom \(level.zoom); \(test)")
            #expect(zip(level.items, level.points).allSatisfy { index.pointCount(of: $0) == $1.count }, "zoom \(level.zoom); \(test)")
            #expect(Set(level.items).count == level.items.count, "zoom \(level.zoom): an item listed twice; \(test)")
            #expect(index.itemCount(atZoom: level.zoom) == level.items.count, "zoom \(level.zoom); \(test)")
            let clusters = level.items.filter(index.isCluster).count
            #expect(summary == ClusterLevelSummary(zoom: level.zoom, clusters: clusters, points: level.items.count - clusters), "\(test)")
        }
        #expect(fixture.levels.last?.items.contains(where: index.isCluster) == false, "above max zoom every point stands alone; \(test)")
    }

    @Test(arguments: cases)
    func eachZoomRefinesTheOneBelow(_ test: Case) throws {
        let fixture = try Fixture.of(test)
        for (below, level) in zip(fixture.levels, fixture.levels.dropFirst()) {
            let split = level.points.filter { points in Set(points.map { below.owner[$0] }).count != 1 }
            #expect(split.isEmpty, "\(split.count) items of zoom \(level.zoom) are spread over several items of zoom \(below.zoom); \(test)")
        }
    }

    // MARK: Children and leaves

    @Test(arguments: cases)
    func childrenAddUpToTheirClusterOneZoomAbove(_ test: Case) throws {
        let fixture = try Fixture.of(test)
        let index = fixture.index
        for (cluster, points) in fixture.clusters {
            let id = index.clusterID(of: cluster)!
            let originZoom = (id - index.pointCount) % 32
            let children = try index.children(of: id)
            #expect(children.count >= 2, "cluster \(id); \(test)")
            #expect(children.reduce(0) { $0 + index.pointCount(of: $1) } == points.count, "cluster \(id); \(test)")
            let above = try #require(fixture.level(originZoom))
            #expect(children.allSatisfy(above.itemSet.contains), "children of \(id) missing from zoom \(originZoom); \(test)")
            #expect(Set(children.flatMap(index.pointIndices)) == Set(points), "cluster \(id); \(test)")
        }
    }

    /// Leaves come depth first through the children (supercluster's order), the same on every call,
    /// and pages of any size join up to the whole.
    @Test(arguments: cases)
    func leavesAreTheClustersPointsInAStableOrder(_ test: Case) throws {
        let fixture = try Fixture.of(test)
        let index = fixture.index
        func depthFirst(_ item: ClusterItem) throws -> [Int] {
            guard let id = index.clusterID(of: item) else { return [index.pointIndex(of: item)!] }
            return try index.children(of: id).flatMap(depthFirst)
        }
        for (cluster, points) in fixture.clusters {
            let id = index.clusterID(of: cluster)!
            let count = points.count
            let leaves = try index.leaves(of: id, limit: count).map { index.pointIndex(of: $0) }
            #expect(leaves == (try depthFirst(cluster)), "cluster \(id); \(test)")
            #expect(leaves == (try index.leaves(of: id, limit: count).map { index.pointIndex(of: $0) }), "cluster \(id); \(test)")
            #expect(try index.leaves(of: id, limit: count + 5).count == count, "cluster \(id); \(test)")
            #expect(try index.leaves(of: id).count == min(10, count), "the default page is 10; cluster \(id); \(test)")
            for pageSize in count <= 200 ? [7, count / 3 + 1] : [count / 3 + 1] {
                var paged: [Int?] = []
                for offset in stride(from: 0, to: count, by: pageSize) {
                    paged += try index.leaves(of: id, limit: pageSize, offset: offset).map { index.pointIndex(of: $0) }
                }
                #expect(paged == leaves, "cluster \(id) in pages of \(pageSize); \(test)")
            }
            #expect(try index.leaves(of: id, limit: 10, offset: count).isEmpty, "cluster \(id); \(test)")
        }
    }

    // MARK: Expansion zoom

    /// The expansion zoom is the first zoom where the cluster's points are no longer one item.
    @Test(arguments: cases)
    func expansionZoomIsWhereTheClusterSplits(_ test: Case) throws {
        let fixture = try Fixture.of(test)
        let index = fixture.index
        for (cluster, points) in fixture.clusters {
            let id = index.clusterID(of: cluster)!
            let madeAt = (id - index.pointCount) % 32 - 1
            let expansion = try index.expansionZoom(of: id)
            guard expansion > madeAt && expansion <= index.options.maxZoom + 1 else {
                Issue.record("cluster \(id) made at zoom \(madeAt) expands at \(expansion); \(test)")
                continue
            }
            for zoom in madeAt...min(expansion, index.options.maxZoom + 1) {
                let level = try #require(fixture.level(zoom))
                let holders = Set(points.map { level.owner[$0] })
                let covered = holders.reduce(0) { $0 + level.points[$1].count }
                #expect(covered == points.count, "zoom \(zoom): items holding cluster \(id)'s points hold others too; \(test)")
                if zoom < expansion {
                    #expect(holders.count == 1, "cluster \(id) is split at zoom \(zoom), before its expansion zoom \(expansion); \(test)")
                } else {
                    #expect(holders.count >= 2, "cluster \(id) is still whole at its expansion zoom \(expansion); \(test)")
                    #expect(!level.itemSet.contains(cluster), "\(test)")
                }
            }
        }
    }

    // MARK: Ids

    /// `cluster_id` is `(index << 5) + (zoom + 1) + N`: the zoom it was made at is in its low bits.
    @Test(arguments: cases)
    func clusterIDsRoundTripAndNameTheZoomTheyWereMadeAt(_ test: Case) throws {
        let fixture = try Fixture.of(test)
        let index = fixture.index
        for (cluster, _) in fixture.clusters {
            let id = index.clusterID(of: cluster)!
            #expect(index.cluster(id: id) == cluster, "cluster \(id); \(test)")
            let originZoom = (id - index.pointCount) % 32
            let madeAt = originZoom - 1
            let seed = (id - index.pointCount) >> 5
            #expect(index.zooms.contains(madeAt) && madeAt <= index.options.maxZoom, "cluster \(id); \(test)")
            #expect(fixture.level(madeAt)?.itemSet.contains(cluster) == true, "cluster \(id) missing at zoom \(madeAt); \(test)")
            #expect(fixture.level(originZoom)?.itemSet.contains(cluster) == false, "cluster \(id) already at zoom \(originZoom); \(test)")
            #expect(seed < (fixture.level(originZoom)?.items.count ?? 0), "cluster \(id): seed \(seed) is not an item of zoom \(originZoom); \(test)")
            // From where it was made it lives on, unchanged, down to some zoom and no further.
            let zooms = fixture.levels.filter { $0.itemSet.contains(cluster) }.map(\.zoom)
            let contiguous = zip(zooms, zooms.dropFirst()).allSatisfy { $1 == $0 + 1 }
            #expect(zooms.last == madeAt && contiguous, "cluster \(id) at zooms \(zooms), made at \(madeAt); \(test)")
        }
    }

    @Test(arguments: cases)
    func idsThatNameNoClusterAreUnknown(_ test: Case) throws {
        let fixture = try Fixture.of(test)
        let index = fixture.index
        let n = index.pointCount
        let known = Set(fixture.clusters.map { index.clusterID(of: $0.item)! })
        var random = SeededGenerator(seed: test.seed)
        var candidates = Array(0...n)  // every point index, and N itself (index 0, zoom -1)
        candidates += [-1, -2, -n, -(n + 17), Int.min + n, Int.max, Int.max - 31]
        candidates += (0..<2000).map { _ in Int.random(in: 0..<(n + (1 << 22)), using: &random) }
        candidates += (0..<200).map { _ in Int.random(in: (Int.min + n)...Int.max, using: &random) }
        for id in known.prefix(300) {
            let zoomBits = (id - n) % 32
            candidates += [id + 32 * 4096, id - zoomBits + index.options.maxZoom + 2, id - zoomBits + 31, id - zoomBits + index.options.minZoom]
        }
        var answered: [String] = []  // collected rather than expected one by one: thousands of ids
        for id in candidates where !known.contains(id) {
            /// Whether `query` threw UnknownCluster for this id.
            func refused(_ query: () throws -> Any) -> Bool {
                do { _ = try query(); return false } catch { return (error as? UnknownCluster)?.id == id }
            }
            if index.cluster(id: id) != nil { answered.append("cluster(id: \(id))") }
            if !refused({ try index.children(of: id) }) { answered.append("children(of: \(id))") }
            if !refused({ try index.leaves(of: id, limit: 5) }) { answered.append("leaves(of: \(id))") }
            if !refused({ try index.expansionZoom(of: id) }) { answered.append("expansionZoom(of: \(id))") }
        }
        #expect(answered.isEmpty, "\(answered.count) answers for ids of no cluster, e.g. \(answered.prefix(5)); \(test)")
    }

    /// `cluster(id:)` subtracts the point count from the id: the most negative ids must not overflow.
    @Test func theMostNegativeIDsAreUnknownNotACrash() async {
        await #expect(processExitsWith: .success) {
            let index = try ClusterIndex(points: PointSet([(0, 0), (0.1, 0)]))
            for id in [Int.min, Int.min + 1] {
                guard index.cluster(id: id) == nil, (try? index.children(of: id)) == nil,
                      (try? index.leaves(of: id)) == nil, (try? index.expansionZoom(of: id)) == nil else { exit(1) }
            }
        }
    }
}

// MARK: Fixtures

/// One index over seeded random points and what each of its zooms holds, built once per case and
/// shared by the tests (they only read it).
struct Fixture: Sendable {
    struct Level: Sendable {
        let zoom: Int
        let items: [ClusterItem]
        let itemSet: Set<ClusterItem>
        /// Each item's points (a cluster's leaves).
        let points: [[Int]]
        /// The position in `items` of the item holding each point (-1 for none).
        let owner: [Int]
    }

    let index: ClusterIndex
    /// From `minZoom` to `maxZoom + 1`.
    let levels: [Level]
    /// Every cluster of every zoom, once, with its points.
    let clusters: [(item: ClusterItem, points: [Int])]

    func level(_ zoom: Int) -> Level? {
        levels.first { $0.zoom == zoom }
    }

    init(_ test: ClusterInvariantTests.Case) throws {
        var random = SeededGenerator(seed: test.seed)
        let coordinates = random.coordinates(3000, test.spread)
        let populations = coordinates.indices.map { _ in Int.random(in: 0...1000, using: &random) }
        index = try ClusterIndex(points: PointSet(coordinates) { #"{"pop":\#(populations[$0])}"# },
                                 options: test.options, aggregates: test.aggregates)
        var levels: [Level] = []
        var clusters: [(item: ClusterItem, points: [Int])] = []
        var listed = Set<ClusterItem>()
        for zoom in index.zooms {
            let items = index.worldItems(zoom)
            let points = items.map(index.pointIndices)
            var owner = [Int](repeating: -1, count: index.pointCount)
            for (position, members) in points.enumerated() { for point in members { owner[point] = position } }
            levels.append(Level(zoom: zoom, items: items, itemSet: Set(items), points: points, owner: owner))
            for (item, members) in zip(items, points) where index.isCluster(item) && listed.insert(item).inserted {
                clusters.append((item, members))
            }
        }
        self.levels = levels
        self.clusters = clusters
    }

    private static let cache = Mutex<[ClusterInvariantTests.Case: FixtureSlot]>([:])

    /// The case's fixture, built by the first test that asks (the others wait for it).
    static func of(_ test: ClusterInvariantTests.Case) throws -> Fixture {
        let slot = cache.withLock { slots in
            if let slot = slots[test] { return slot }
            let slot = FixtureSlot()
            slots[test] = slot
            return slot
        }
        return try slot.fixture { try Fixture(test) }
    }
}

private final class FixtureSlot: Sendable {
    private let built = Mutex<Fixture?>(nil)

    func fixture(_ build: () throws -> Fixture) throws -> Fixture {
        try built.withLock { fixture in
            if let fixture { return fixture }
            let made = try build()
            fixture = made
            return made
        }
    }
}
