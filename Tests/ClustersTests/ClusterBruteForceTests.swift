import Foundation
import Testing
@testable import Clusters

/// The index against supercluster's algorithm written again the slow, obvious way, on small seeded
/// random inputs with `minPoints` 2: at every zoom the same clusters (the same points, so the same
/// counts) at the same centroids. Only sets are compared: the order in which a KD-tree returns
/// neighbours decides the order of a cluster's children and the last bits of its centroid, nothing else.
@Suite struct ClusterBruteForceTests {
    struct Case: Sendable, CustomTestStringConvertible, CustomStringConvertible {
        let seed: UInt64
        let count: Int
        let spread: Spread
        let options: ClusterOptions
        var testDescription: String {
            "SEED=\(seed) \(count) \(spread) points, radius \(options.radius) extent \(options.extent) "
                + "zooms \(options.minZoom)-\(options.maxZoom) nodeSize \(options.nodeSize)"
        }
        var description: String { testDescription }
    }

    static let optionSets = [
        ClusterOptions(),
        ClusterOptions(radius: 60, extent: 256, minZoom: 2, maxZoom: 12, nodeSize: 8),
        ClusterOptions(radius: 25, maxZoom: 20, nodeSize: 4),
        ClusterOptions(radius: 80, maxZoom: 14, nodeSize: 16),
    ]

    static let cases: [Case] = {
        let seeds = SeededGenerator.seeds([21, 22, 23])
        let counts = seeds.count == 1 ? [200] : [50, 150, 300]
        return zip(seeds, counts).flatMap { seed, count in
            Spread.allCases.flatMap { spread in optionSets.map { Case(seed: seed, count: count, spread: spread, options: $0) } }
        }
    }()

    @Test(arguments: cases)
    func everyZoomHasTheClustersOfTheNaiveAlgorithm(_ test: Case) throws {
        var random = SeededGenerator(seed: test.seed)
        let coordinates = random.coordinates(test.count, test.spread)
        let index = try ClusterIndex(points: PointSet(coordinates), options: test.options)
        let naive = NaiveClustering(coordinates, options: test.options)

        for zoom in index.zooms {
            let expected = Dictionary(uniqueKeysWithValues: naive.levels[zoom]!.map { ($0.points.sorted(), $0) })
            let items = index.worldItems(zoom)
            let found = Dictionary(items.map { (index.pointIndices(of: $0).sorted(), $0) }, uniquingKeysWith: { first, _ in first })
            #expect(found.count == items.count, "zoom \(zoom): two items hold the same points; \(test)")
            let missing = expected.keys.filter { found[$0] == nil }, extra = found.keys.filter { expected[$0] == nil }
            #expect(missing.isEmpty && extra.isEmpty,
                    "zoom \(zoom): \(missing.count) groups of points missing (e.g. \(missing.first ?? [])), \(extra.count) unexpected (e.g. \(extra.first ?? [])); \(test)")
            for (points, item) in found {
                guard let cluster = expected[points] else { continue }
                #expect(index.pointCount(of: item) == cluster.count, "zoom \(zoom); \(test)")
                guard index.isCluster(item) else { continue }
                let (longitude, latitude) = index.coordinate(of: item)
                #expect(abs(UnitSquare.x(longitude) - cluster.x) < 1e-9 && abs(UnitSquare.y(latitude) - cluster.y) < 1e-9,
                        "zoom \(zoom): cluster of \(points.count) at \(UnitSquare.x(longitude)), \(UnitSquare.y(latitude)), expected \(cluster.x), \(cluster.y); \(test)")
            }
        }
    }
}

/// supercluster's clustering from its description, with nothing but arrays and loops. Points sit
/// at their projection rounded to Float32, as in supercluster's KD-trees. From `maxZoom + 1`, where
/// every point stands alone, down to `minZoom`: at each zoom, every item not yet taken, in the
/// level's order, takes every item not yet taken whose Float32 position is within
/// `radius / (extent · 2^zoom)` of its own exact position; if that adds points (and makes at least
/// `minPoints`), they become one cluster at their count-weighted centroid, in the seed's place in
/// the next level's order; otherwise the seed passes on alone. With `minPoints` 2 nothing else can happen.
struct NaiveClustering {
    struct Item {
        var x: Double, y: Double
        /// The position as a KD-tree holds it: rounded to Float32.
        var treeX: Double, treeY: Double
        var count: Int
        var points: [Int]
    }

    /// Each zoom's items, from `minZoom` to `maxZoom + 1`.
    private(set) var levels: [Int: [Item]] = [:]

    init(_ coordinates: [Coordinate], options: ClusterOptions) {
        precondition(options.minPoints == 2, "with more, the order of unclustered neighbours matters: not modelled here")
        var items: [Item] = []
        for (point, coordinate) in coordinates.enumerated() {
            let (x, y) = UnitSquare.stored(coordinate)
            items.append(Item(x: x, y: y, treeX: x, treeY: y, count: 1, points: [point]))
        }
        levels[options.maxZoom + 1] = items
        for zoom in stride(from: options.maxZoom, through: options.minZoom, by: -1) {
            let radius = options.radius / (options.extent * pow(2, Double(zoom)))
            var taken = [Bool](repeating: false, count: items.count)
            var next: [Item] = []
            for i in items.indices where !taken[i] {
                taken[i] = true
                let seed = items[i]
                var neighbours: [Int] = []
                var total = seed.count
                for k in items.indices where !taken[k] {
                    let dx = items[k].treeX - seed.x, dy = items[k].treeY - seed.y
                    if dx * dx + dy * dy <= radius * radius {
                        neighbours.append(k)
                        total += items[k].count
                    }
                }
                guard total > seed.count, total >= options.minPoints else {
                    next.append(seed)
                    continue
                }
                var wx = seed.x * Double(seed.count), wy = seed.y * Double(seed.count)
                var points = seed.points
                for k in neighbours {
                    taken[k] = true
                    wx += items[k].x * Double(items[k].count)
                    wy += items[k].y * Double(items[k].count)
                    points += items[k].points
                }
                let x = wx / Double(total), y = wy / Double(total)
                next.append(Item(x: x, y: y, treeX: Double(Float(x)), treeY: Double(Float(y)), count: total, points: points))
            }
            items = next
            levels[zoom] = items
        }
    }
}
