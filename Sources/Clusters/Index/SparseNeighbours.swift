internal import Parallel

/// Neighbour lists for the sparse levels at the top of an index, where nearly every item is
/// alone, made without sweeping the whole level each time.
///
/// The pairs of points closer than the radius of a lower zoom (``lowestZoom``) are found once, at
/// the level of every point. A point can have a neighbour at a zoom down to that one only if it
/// is in such a pair within the zoom's reach, or near a cluster. So a level's lists need searches
/// only around its clusters and around the points they or those pairs name; each search is the
/// KD-tree's own, whose result is the list in search order. When the searches would be more than
/// an eighth of a level's items, or the zoom is below ``lowestZoom``, it gives up for good and
/// the levels below get ``NeighbourLists``' sweeps.
struct SparseNeighbours {
    /// How many zooms below the highest the pairs found at first serve, or one fewer where the
    /// pairs within the reach of that many are too many (there are about four times as many
    /// within the reach of one zoom as within the next one's).
    static let zoomsCovered = 7

    /// The lowest zoom served.
    let lowestZoom: Int
    let pointCount: Int
    /// The pairs of points within the reach of `lowestZoom` (the first's handle below the second's),
    /// with their squared distance.
    private(set) var pairs: [Pair] = []
    /// Per point, the last zoom at which it was an item of the level, and at which it was searched.
    var present: [Int8]
    private var searched: [Int8]
    private var found: [Int32] = []
    private var stack = KDStack()

    /// The points in a grid, for the levels searched without their tree (``neighbourSets(order:zoom:radius:exact:x:y:mostCrowds:)``).
    let grid: PointGrid
    /// Per point, its index in the level being looked at (while it is an item of that level).
    var levelIndex: [Int32]
    /// The table of partners of the last level's ``NeighbourSets``, all -1 again, for the next
    /// level's (``recycle(_:zoom:)``): empty until one is given back.
    var spareTable: [Int32] = []

    /// Finds the pairs among all the points (handle `p` at `x[p]`, `y[p]`) in a grid, without a
    /// KD-tree, on `threads` threads (bands of the grid's rows; the pairs are the same, in the same
    /// order); nil when they are so many, or the points so crowded, that sweeping every level is
    /// as cheap, or when the radius at the top is so small that a cluster's own Float32 position
    /// might lie outside it (a search would then not list the cluster itself, as
    /// ``NeighbourLists`` does).
    init?(x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, options: ClusterOptions, threads: Int = 1) {
        pointCount = x.count
        guard options.radius / (options.extent * pow2(options.maxZoom)) > 1e-7 else { return nil }
        guard let made = Self.pairsForMostZooms(x: x, y: y, options: options, threads: threads) else { return nil }
        (grid, pairs, lowestZoom) = made
        present = [Int8](repeating: -1, count: pointCount)
        searched = [Int8](repeating: -1, count: pointCount)
        levelIndex = [Int32](repeating: -1, count: pointCount)
    }

    /// A pair found at first: two points (the first's handle below the second's) and their
    /// squared distance.
    typealias Pair = (first: PointAt, second: PointAt, distanceSquared: Double)

    /// The grid and the pairs within the reach of ``zoomsCovered`` zooms below the top, or of one
    /// fewer where those are too many, and the lowest zoom they serve; nil when both are.
    private static func pairsForMostZooms(x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, options: ClusterOptions,
                                          threads: Int) -> (grid: PointGrid, pairs: [Pair], lowestZoom: Int)? {
        var grid: (cells: PointGrid, coordinates: (x: [Float], y: [Float]))?
        for lowest in Set([zoomsCovered, zoomsCovered - 1].map { max(options.minZoom, options.maxZoom - $0) }).sorted() {
            let reach = NeighbourTest(radius: options.radius / (options.extent * pow2(lowest))).reach
            // A grid for a wider reach serves a narrower one, and has about the same cells when
            // the number of points set their size.
            if grid == nil || !grid!.cells.sizedByCount {
                let cells = PointGrid(x: x, y: y, reach: reach, threads: threads)
                grid = (cells, cells.coordinatesByCell(x: x, y: y, threads: threads))
            }
            guard let (cells, coordinates) = grid, cells.crowding <= 32 * x.count + (1 << 20) else { continue }
            if let found = pairs(cells, coordinates, x: x, y: y, within: NeighbourTest(radius: reach), threads: threads) {
                return (cells, found, lowest)
            }
        }
        return nil
    }

    /// Every pair of the points in `grid` within `within`'s radius, in the order of one sweep of
    /// the grid, the bands of its rows swept on `threads` threads; nil when there are more than
    /// half as many as points, or more than 16 candidates a point. `coordinates` are the grid's
    /// ``PointGrid/coordinatesByCell(x:y:)``.
    private static func pairs(_ grid: PointGrid, _ coordinates: (x: [Float], y: [Float]), x: UnsafeBufferPointer<Float>,
                              y: UnsafeBufferPointer<Float>, within: NeighbourTest, threads: Int) -> [Pair]? {
        let pointCount = x.count
        let mostPairs = pointCount / 2 + 1024, mostCandidates = 16 * pointCount + (1 << 16)
        // A few bands a thread, as the points may crowd into some rows.
        let bandCount = threads > 1 && pointCount >= 1 << 16 ? min(grid.rows, 4 * threads) : 1
        let bands = ParallelRuns.map(bandCount) { band -> (pairs: [Pair], candidates: Int, complete: Bool) in
            let rows = ParallelRuns.share(band, of: bandCount, in: grid.rows)
            var found: [Pair] = [], candidates = 0
            let complete = grid.forEachNearPair(coordinates, rows: rows, within) { a, ax, ay, b, bx, by in
                candidates += 1
                if within.within(exactX: ax, exactY: ay, treeX: bx, treeY: by) {
                    let dx = bx - ax, dy = by - ay
                    found.append((PointAt(a, x, y), PointAt(b, x, y), dx * dx + dy * dy))
                }
                return candidates < mostCandidates && found.count <= mostPairs
            }
            return (found, candidates, complete)
        }
        guard bands.allSatisfy(\.complete), bands.reduce(0, { $0 + $1.candidates }) < mostCandidates,
              bands.reduce(0, { $0 + $1.pairs.count }) <= mostPairs else { return nil }
        return bands.count == 1 ? bands[0].pairs : bands.flatMap(\.pairs)
    }

    /// The same from the KD-tree of the level of every point (whose handles are the points).
    init?(tree: KDTree, options: ClusterOptions, threads: Int = 1) {
        var x = [Float](repeating: 0, count: tree.count), y = [Float](repeating: 0, count: tree.count)
        for entry in tree.entries {
            x[Int(entry.handle)] = entry.x
            y[Int(entry.handle)] = entry.y
        }
        let made = x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { y in Self(x: x, y: y, options: options, threads: threads) } }
        guard let made else { return nil }
        self = made
    }

    /// The lists of the level whose items are `order` (in `tree`) at `zoom`, or nil when this
    /// level is not sparse enough: then neither is any below.
    mutating func lists(tree: KDTree, order: [Int32], zoom: Int, radius: Double, exact: ExactCoordinates) -> NeighbourLists? {
        guard zoom >= lowestZoom else { return nil }
        let stamp = Int8(truncatingIfNeeded: zoom)
        let test = NeighbourTest(radius: radius)
        let reach = test.reach, reachSquared = reach * reach
        let limit = order.count / 8 + 64
        var clusters: [(handle: Int32, index: Int)] = []
        for (index, handle) in order.enumerated() {
            if Int(handle) < pointCount { present[Int(handle)] = stamp } else { clusters.append((handle, index)) }
        }
        guard clusters.count <= limit else { return nil }
        var points: [PointAt] = []
        for pair in pairs where pair.distanceSquared <= reachSquared {
            guard present[Int(pair.first.handle)] == stamp && present[Int(pair.second.handle)] == stamp else { continue }
            mark(pair.first, stamp, &points)
            mark(pair.second, stamp, &points)
        }
        var output = ListOutput(count: order.count, nodeSize: tree.nodeSize, expectedIDs: 0)
        var list: [Int32] = []
        let entries = tree.entries
        // A cluster: one search as wide as the reach lists the points that may have it as a
        // neighbour, and, narrowed to the radius, its own list.
        for cluster in clusters {
            guard clusters.count + points.count <= limit else { return nil }
            let (x, y) = exact.of(cluster: Int(cluster.handle))
            tree.within(x, y, reach, into: &found, stack: &stack)
            list.removeAll(keepingCapacity: true)
            for position in found {
                let entry = entries[Int(position)]
                if Int(entry.handle) < pointCount { mark(PointAt(entry), stamp, &points) }
                if test.within(exactX: x, exactY: y, treeX: Double(entry.x), treeY: Double(entry.y)) { list.append(position) }
            }
            if list.count > 1 || (list.count == 1 && entries[Int(list[0])].handle != cluster.handle) {
                output.record(index: cluster.index, found: list)
            }
        }
        guard clusters.count + points.count <= limit else { return nil }
        for point in points {
            tree.within(Double(point.x), Double(point.y), radius, into: &found, stack: &stack)
            guard found.count > 1, let me = found.first(where: { entries[Int($0)].handle == point.handle }) else { continue }
            output.record(index: Int(entries[Int(me)].index), found: found)
        }
        return NeighbourLists(output)
    }

    /// Adds `point` to the points to search around at this zoom, once.
    @inline(__always)
    private mutating func mark(_ point: PointAt, _ stamp: Int8, _ points: inout [PointAt]) {
        guard searched[Int(point.handle)] != stamp else { return }
        searched[Int(point.handle)] = stamp
        points.append(point)
    }
}

/// A point's handle and its tree (and exact) coordinates.
struct PointAt {
    let handle: Int32
    let x: Float
    let y: Float

    init(_ entry: KDEntry) {
        handle = entry.handle
        x = entry.x
        y = entry.y
    }

    /// Point `p` of the points at `x` and `y`.
    init(_ p: Int, _ x: UnsafeBufferPointer<Float>, _ y: UnsafeBufferPointer<Float>) {
        handle = Int32(truncatingIfNeeded: p)
        self.x = x[p]
        self.y = y[p]
    }
}
