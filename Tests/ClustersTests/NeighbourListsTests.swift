import Foundation
import Testing
@testable import Clusters

/// The neighbour lists clustering reads against kdbush's search itself: for every item of a level
/// big enough to be cut into many subtrees, the list must hold what `within` finds around the
/// item's exact position, in the order it finds it, and an item must be flagged alone exactly
/// when the search finds only itself. Points sit at Float32 positions, clusters at Double
/// centroids a fraction of a Float32 step from their tree positions (as in the index), spread
/// evenly, in clumps, on a lattice whose spacing is the radius (pairs right at the radius,
/// items right on the splits) and all on one meridian.
@Suite struct NeighbourListsTests {
    @Test(arguments: [16, 64])
    func everyListIsWhatTheSearchFinds(nodeSize: Int) throws {
        for seed in SeededGenerator.seeds([11]) {
            for layout in Layout.allCases {
                for radius in [1e-4, 6e-4, 2e-3] {
                    let level = Level(layout: layout, radius: radius, seed: seed, nodeSize: nodeSize)
                    try level.check(radius: radius, context: "seed \(seed), \(layout), radius \(radius), node size \(nodeSize)")
                }
            }
        }
    }

    /// On several threads the level is cut into parts, and the pairs across their subtrees are
    /// found in bands of the edge items' grid (the radii here make 4 000 to 20 000 edge items, past
    /// ``EdgePairs/parallelMinimum``): the lists must be the searches still, and the one-thread lists.
    @Test(arguments: [2, 3])
    func listsMadeOnSeveralThreadsAreTheSearches(threads: Int) throws {
        for layout in [Layout.uniform, .lattice] {
            for radius in [6e-4, 2e-3] {
                let level = Level(layout: layout, radius: radius, seed: 5, nodeSize: 16, count: 40_000)
                let context = "\(layout), radius \(radius), \(threads) threads"
                try level.check(radius: radius, threads: threads, context: context)
            }
        }
    }

    enum Layout: CaseIterable { case uniform, clumped, lattice, column }

    /// One level: 30 000 items, a fifth of them clusters, in a KD-tree.
    struct Level {
        let tree: KDTree
        let pointCount: Int
        let clusterX: [Double]
        let clusterY: [Double]

        init(layout: Layout, radius: Double, seed: UInt64, nodeSize: Int, count: Int = 30_000) {
            var random = SeededGenerator(seed: seed)
            pointCount = count - count / 5
            var exact: [(Double, Double)] = []
            for item in 0..<count {
                let unit = { (random: inout SeededGenerator) in Double(random.next() >> 11) / Double(1 << 53) }
                switch layout {
                case .uniform:
                    exact.append((0.2 + 0.1 * unit(&random), 0.3 + 0.1 * unit(&random)))
                case .clumped:
                    let centre = Double(item % 7) / 7
                    exact.append((0.4 + 0.05 * centre + 40 * radius * unit(&random), 0.5 + 40 * radius * unit(&random) + 0.01 * centre))
                case .column:
                    exact.append((0.5, 0.1 + 0.8 * Double(item) / Double(count)))
                case .lattice:
                    let side = 180
                    exact.append((0.5 + radius * Double(item % side), 0.25 + radius * Double(item / side % side)))
                }
            }
            var clusterX: [Double] = [], clusterY: [Double] = []
            var entries: [KDEntry] = []
            for (item, (x, y)) in exact.enumerated() {
                if item < pointCount {
                    entries.append(KDEntry(x: Float(x), y: Float(y), index: Int32(item), handle: Int32(item)))
                } else {
                    // A centroid between Float32 steps, as a cluster's exact position is.
                    let cx = Double(Float(x)) + Double(Float(x).ulp) * 0.37, cy = Double(Float(y)) - Double(Float(y).ulp) * 0.41
                    clusterX.append(cx)
                    clusterY.append(cy)
                    entries.append(KDEntry(x: Float(cx), y: Float(cy), index: Int32(item), handle: Int32(item)))
                }
            }
            tree = KDTree(entries: entries, nodeSize: nodeSize)
            self.clusterX = clusterX
            self.clusterY = clusterY
        }

        func check(radius: Double, threads: Int = 1, context: String) throws {
            try clusterX.withUnsafeBufferPointer { clusterX in
                try clusterY.withUnsafeBufferPointer { clusterY in
                    let exact = ExactCoordinates(pointCount: pointCount, clusterX: clusterX, clusterY: clusterY)
                    let lists = try #require(NeighbourLists(tree: tree, radius: radius, budget: 1 << 40, crowding: 1 << 20, exact: exact,
                                                            threads: threads), "\(context): no lists")
                    expectListsAreSearches(lists, tree: tree, exact: exact, radius: radius, fewestWithNeighbours: 100, context: context)
                    guard threads > 1 else { return }
                    let serial = try #require(NeighbourLists(tree: tree, radius: radius, budget: 1 << 40, crowding: 1 << 20, exact: exact))
                    lists.withReader { lists in
                        serial.withReader { serial in
                            let differing = (0..<tree.count).filter { lists.neighbours(of: $0).map(Array.init) != serial.neighbours(of: $0).map(Array.init) }
                            #expect(differing.count == 0, "\(context): \(differing.count) lists differ from the one-thread lists, first \(differing.first ?? -1)")
                        }
                    }
                }
            }
        }
    }
}
