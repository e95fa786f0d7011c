import Testing
@testable import Clusters

/// The sparse levels' lists against kdbush's search: found from the pairs among the points and
/// searches around clusters, each list must be what `within` finds around the item's exact
/// position, in its order, and an item is alone exactly when the search finds only itself. The
/// points are spread thin with pairs and runs placed right at each zoom's radius, and the second
/// level has lost points to clusters sitting at Double centroids among the others.
@Suite struct SparseNeighboursTests {
    static let options = ClusterOptions()

    static func radius(_ zoom: Int) -> Double { options.radius / (options.extent * pow2(zoom)) }

    /// 30 000 points: most scattered thinly, the rest in runs of three for each zoom from 10 to 16,
    /// the second just inside that zoom's radius from the first, the third just outside it from
    /// the second.
    static func points(seed: UInt64) -> [(Float, Float)] {
        var random = SeededGenerator(seed: seed)
        let unit = { (random: inout SeededGenerator) in Double(random.next() >> 11) / Double(1 << 53) }
        var points: [(Float, Float)] = []
        while points.count < 28_500 { points.append((Float(0.2 + 0.1 * unit(&random)), Float(0.3 + 0.1 * unit(&random)))) }
        while points.count < 30_000 {
            let step = radius(10 + points.count / 3 % 7)
            let x = 0.2 + 0.1 * unit(&random), y = 0.3 + 0.1 * unit(&random)
            for along in [0, 0.999, 0.999 + 1.001] {
                points.append((Float(x + step * along * 0.96), Float(y + step * along * 0.28)))
            }
        }
        return points
    }

    /// The tree of the level of every point (the points' handles are their numbers).
    static func topTree(_ points: [(Float, Float)]) -> KDTree {
        KDTree(entries: points.enumerated().map { KDEntry(x: $1.0, y: $1.1, index: Int32($0), handle: Int32($0)) }, nodeSize: 64)
    }

    @Test(arguments: SeededGenerator.seeds([5, 6]))
    func everyListIsWhatTheSearchFinds(seed: UInt64) {
        let points = Self.points(seed: seed)
        let pointCount = points.count
        let top = Self.topTree(points)
        guard var sparse = SparseNeighbours(tree: top, options: Self.options) else {
            Issue.record("seed \(seed): the pairs were not found")
            return
        }
        #expect(sparse.lowestZoom == 9)

        // Zoom 16: the level of every point.
        let allPoints = (0..<Int32(pointCount)).map { $0 }
        let first = ExactCoordinates.points(pointCount)
        guard let firstLists = sparse.lists(tree: top, order: allPoints, zoom: 16, radius: Self.radius(16), exact: first) else {
            Issue.record("seed \(seed), zoom 16: no lists")
            return
        }
        expectListsAreSearches(firstLists, tree: top, exact: first, radius: Self.radius(16), fewestWithNeighbours: 50,
                               context: "seed \(seed), zoom 16")

        // Zoom 12: every seventh point gone into a cluster, a cluster beside every 37th point
        // (at a Double centroid within a radius or so of it), in a shuffled level order.
        var random = SeededGenerator(seed: seed &+ 100)
        var clusterX: [Double] = [], clusterY: [Double] = []
        var order: [Int32] = []
        for point in 0..<pointCount where point % 7 != 3 {
            order.append(Int32(point))
            if point % 37 == 0 {
                let angle = Double(random.next() % 628) / 100, distance = Self.radius(12) * Double(random.next() % 150) / 100
                let (x, y) = (Double(points[point].0), Double(points[point].1))
                clusterX.append(x + distance * angle.squareRoot() / 2.6 + Double(Float(x).ulp) * 0.37)
                clusterY.append(y + distance * (1 - angle / 6.28) - Double(Float(y).ulp) * 0.41)
                order.append(Int32(pointCount + clusterX.count - 1))
            }
        }
        order.shuffle(using: &random)
        let entries = order.enumerated().map { index, handle in
            Int(handle) < pointCount
                ? KDEntry(x: points[Int(handle)].0, y: points[Int(handle)].1, index: Int32(index), handle: handle)
                : KDEntry(x: Float(clusterX[Int(handle) - pointCount]), y: Float(clusterY[Int(handle) - pointCount]),
                          index: Int32(index), handle: handle)
        }
        let level = KDTree(entries: entries, nodeSize: 64)
        clusterX.withUnsafeBufferPointer { clusterX in
            clusterY.withUnsafeBufferPointer { clusterY in
                let exact = ExactCoordinates(pointCount: pointCount, clusterX: clusterX, clusterY: clusterY)
                guard let lists = sparse.lists(tree: level, order: order, zoom: 12, radius: Self.radius(12), exact: exact) else {
                    Issue.record("seed \(seed), zoom 12: no lists")
                    return
                }
                expectListsAreSearches(lists, tree: level, exact: exact, radius: Self.radius(12), fewestWithNeighbours: 50,
                                       context: "seed \(seed), zoom 12")
                // Below the lowest zoom the pairs cover, it gives up.
                let below = sparse.lists(tree: level, order: order, zoom: 8, radius: Self.radius(8), exact: exact)
                #expect(below == nil)
            }
        }
    }

    /// The pairs found at first, swept in bands of the grid's rows on several threads, are the
    /// ones one thread finds, in the same order.
    @Test(arguments: [2, 3, 8])
    func thePairsAreTheSameOnAnyNumberOfThreads(threads: Int) {
        let points = [UInt64(5), 6, 7].flatMap { Self.points(seed: $0) }
        let top = Self.topTree(points)
        guard let one = SparseNeighbours(tree: top, options: Self.options),
              let several = SparseNeighbours(tree: top, options: Self.options, threads: threads) else {
            Issue.record("the pairs were not found")
            return
        }
        #expect(one.pairs.count > 10_000)
        #expect(one.pairs.map { [$0.first.handle, $0.second.handle] } == several.pairs.map { [$0.first.handle, $0.second.handle] })
        #expect(one.pairs.map(\.distanceSquared) == several.pairs.map(\.distanceSquared))
    }

    /// 30 000 points with more pairs within zoom 9's reach than half their number, and fewer
    /// within zoom 10's: spread evenly over a small square (whose grid for zoom 9 has cells as
    /// wide as that reach, so zoom 10 gets a finer one), or in runs of three 1.5 zoom-10 radii
    /// apart over a larger one (whose grid the number of points sized, kept for zoom 10).
    static func pointsPairedAtZoom9(spreadEvenly: Bool) -> [(Float, Float)] {
        var random = SeededGenerator(seed: 9)
        let unit = { (random: inout SeededGenerator) in Double(random.next() >> 11) / Double(1 << 53) }
        if spreadEvenly {
            return (0..<30_000).map { _ in (Float(0.4 + 0.03 * unit(&random)), Float(0.4 + 0.03 * unit(&random))) }
        }
        let step = radius(10) * 1.5
        return (0..<10_000).flatMap { _ in
            let x = 0.2 + 0.1 * unit(&random), y = 0.3 + 0.1 * unit(&random)
            return (0..<3).map { (Float(x + step * Double($0)), Float(y)) }
        }
    }

    /// Where the pairs within the reach of seven zooms below the top are too many, they are found
    /// for six, and the lists of a zoom they serve are still what a search finds (zoom 12 for the
    /// points spread evenly, of which too many have a neighbour at zoom 10 for lists).
    @Test(arguments: [true, false])
    func pairsTooManyForSevenZoomsServeSix(spreadEvenly: Bool) {
        let points = Self.pointsPairedAtZoom9(spreadEvenly: spreadEvenly)
        let top = Self.topTree(points)
        guard var sparse = SparseNeighbours(tree: top, options: Self.options) else {
            Issue.record("the pairs were not found")
            return
        }
        #expect(sparse.lowestZoom == 10)
        let order = (0..<Int32(points.count)).map { $0 }
        let exact = ExactCoordinates.points(points.count)
        let zoom = spreadEvenly ? 12 : 10
        guard let lists = sparse.lists(tree: top, order: order, zoom: zoom, radius: Self.radius(zoom), exact: exact) else {
            Issue.record("zoom \(zoom): no lists")
            return
        }
        expectListsAreSearches(lists, tree: top, exact: exact, radius: Self.radius(zoom), fewestWithNeighbours: 100,
                               context: "spread evenly: \(spreadEvenly), zoom \(zoom)")
        #expect(sparse.lists(tree: top, order: order, zoom: 9, radius: Self.radius(9), exact: exact) == nil)
    }

    @Test func aLevelWithManyClustersIsLeftToTheSweeps() {
        let points = Self.points(seed: 5)
        let top = Self.topTree(points)
        let exact = ExactCoordinates.points(points.count)
        guard var sparse = SparseNeighbours(tree: top, options: Self.options) else {
            Issue.record("the pairs were not found")
            return
        }
        // A fifth of the level's items are clusters (handles past the points).
        let order = (0..<Int32(points.count)).map { $0 % 5 == 0 ? Int32(points.count) + $0 : $0 }
        let lists = sparse.lists(tree: top, order: order, zoom: 14, radius: Self.radius(14), exact: exact)
        #expect(lists == nil)
    }
}
