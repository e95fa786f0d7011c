import Foundation
import Testing
@testable import Clusters

/// The bbox and tile queries: which items they return and where a tile places them, across the
/// antimeridian, around the world and past it, at any zoom a map may ask for.
@Suite struct ClusterQueryTests {
    /// Points along the equator, and one 20° north of it.
    static let equator: [Coordinate] = [
        (-179.9, 0), (-175, 0), (-160, 0), (-100, 0), (0, 0), (100, 0), (120, 0), (175, 0), (179.9, 0), (0, 20),
    ]

    /// The points a box finds at zoom 17, where every point stands alone.
    static func found(_ box: String) throws -> [Int] {
        let index = try ClusterIndex(points: PointSet(equator))
        return index.clusters(in: try QueryBox(parsing: box), zoom: 17).compactMap(index.pointIndex).sorted()
    }

    @Test(arguments: [
        ("-10,-10,10,10", [4]),
        ("90,-10,110,10", [5]),
        ("170,-10,-170,10", [0, 1, 7, 8]),  // west of east: across the antimeridian, both sides
        ("530,-10,550,10", [0, 1, 7, 8]),  // the same box one world further east
        ("-250,-10,-150,10", [0, 1, 2, 6, 7, 8]),  // 110…180 and -180…-150
        ("-250,-10,110,10", [0, 1, 2, 3, 4, 5, 6, 7, 8]),  // 360° wide: every longitude
        ("-180,-90,180,90", Array(0..<10)),
        ("-200,-90,200,90", Array(0..<10)),  // wider than the world
        ("0,-90,360,90", Array(0..<10)),
        ("-180,-100,180,100", Array(0..<10)),  // latitudes clamp to ±90
        ("-180,10,180,30", [9]),
    ])
    func aBoxFindsThePointsInside(box: String, expected: [Int]) throws {
        #expect(try Self.found(box) == expected)
    }

    /// As supercluster, a box across the antimeridian answers its eastern part first.
    @Test func aBoxAcrossTheAntimeridianListsTheEastFirst() throws {
        let index = try ClusterIndex(points: PointSet(Self.equator))
        let found = index.clusters(west: 170, south: -10, east: -170, north: 10, zoom: 17).compactMap(index.pointIndex)
        #expect(found.count == 4)
        #expect(Set(found.prefix(2)) == [7, 8])
        #expect(Set(found.suffix(2)) == [0, 1])
    }

    @Test(arguments: ["1,2,3", "a,b,c,d", "0,10,1,5", "nan,0,1,1", "0,0,inf,1", ""])
    func aBoxThatIsNotWSENIsRefused(text: String) {
        #expect(throws: QueryBoxError.self) { try QueryBox(parsing: text) }
    }

    /// Two points 0.1° apart merge up to zoom 8 (see ClusterIndexTests): a fractional zoom uses
    /// the level below it, and zooms outside the index's range use its first or last level.
    @Test(arguments: [(8.9, 1), (9, 2), (0, 1), (-5, 1), (17, 2), (40, 2), (.infinity, 2), (-.infinity, 1), (.nan, 1)])
    func anyZoomAnswersFromTheNearestLevel(zoom: Double, items: Int) throws {
        let index = try ClusterIndex(points: PointSet([(0, 0), (0.1, 0)]))
        #expect(index.clusters(west: -180, south: -90, east: 180, north: 90, zoom: zoom).count == items)
    }

    @Test func zoomsBelowTheMinimumUseTheMinimumsLevel() throws {
        let index = try ClusterIndex(points: PointSet([(0, 0), (0.1, 0)]), options: ClusterOptions(minZoom: 9))
        #expect(index.worldItems(0).count == 2)
        #expect(index.itemCount(atZoom: -3) == 2)
        #expect(index.levelSummaries.map(\.zoom) == Array(9...17))
    }

    // MARK: Tiles

    /// A point on the equator at 0° is the corner all four zoom-1 tiles share.
    @Test func aPointOnATileCornerIsInEveryTileThatSharesIt() throws {
        let index = try ClusterIndex(points: PointSet([(0, 0)]))
        for (x, y, position) in [(0, 0, (1.0, 1.0)), (1, 0, (0.0, 1.0)), (0, 1, (1.0, 0.0)), (1, 1, (0.0, 0.0))] {
            let tile = index.tile(z: 1, x: x, y: y)
            #expect(tile.count == 1, "tile 1/\(x)/\(y)")
            #expect(tile.first?.x == position.0 && tile.first?.y == position.1, "tile 1/\(x)/\(y)")
        }
    }

    /// 179° and -179° sit 1/360 of the world from the antimeridian: each shows on its own edge
    /// column and, within the buffer, on the other edge column, where the world wraps.
    @Test func edgeColumnsWrapAroundTheAntimeridian() throws {
        let index = try ClusterIndex(points: PointSet([(179, 10), (-179, 10)]))
        let row = UnitSquare.y(10) * 4 - 1  // 0.888 of the way down row 1
        /// The points on tile 2/x/1, by point index then x.
        func placed(_ tile: [(item: ClusterItem, x: Double, y: Double)]) -> [(point: Int, x: Double, y: Double)] {
            tile.map { (index.pointIndex(of: $0.item) ?? -1, $0.x, $0.y) }.sorted { ($0.point, $0.x) < ($1.point, $1.x) }
        }
        func matchesRow(_ found: [(point: Int, x: Double, y: Double)], _ expected: [(Int, Double)], row: Double) -> Bool {
            found.count == expected.count
                && zip(found, expected).allSatisfy { $0.point == $1.0 && abs($0.x - $1.1) < 1e-9 && abs($0.y - row) < 1e-9 }
        }
        func matches(_ found: [(point: Int, x: Double, y: Double)], _ expected: [(Int, Double)]) -> Bool {
            matchesRow(found, expected, row: row)
        }
        let west = placed(index.tile(z: 2, x: 0, y: 1)), east = placed(index.tile(z: 2, x: 3, y: 1))
        // 179° just left of the western tile, in its buffer; -179° just right of the eastern one.
        let edge = 4.0 / 360  // 1/360 of the world is 4/360 of a zoom-2 tile
        let expectedWest: [(Int, Double)] = [(0, -edge), (1, edge)], expectedEast: [(Int, Double)] = [(0, 1 - edge), (1, 1 + edge)]
        #expect(matches(west, expectedWest), "\(west)")
        #expect(matches(east, expectedEast), "\(east)")
        #expect(index.tile(z: 2, x: 1, y: 1).isEmpty && index.tile(z: 2, x: 2, y: 1).isEmpty)
        let unbuffered = placed(index.tile(z: 2, x: 0, y: 1, buffer: 0))
        #expect(matches(unbuffered, [(1, edge)]), "no buffer, no copy from the other edge: \(unbuffered)")

        // At zoom 0 the one tile is both edge columns: each point shows twice.
        let (east179, west179) = (UnitSquare.x(179), UnitSquare.x(-179))
        let expectedWorld: [(Int, Double)] = [(0, east179 - 1), (0, east179), (1, west179), (1, west179 + 1)]
        let world = placed(index.tile(z: 0, x: 0, y: 0))
        #expect(matchesRow(world, expectedWorld, row: UnitSquare.y(10)), "\(world)")
    }

    struct TileCase: Sendable, CustomTestStringConvertible {
        let seed: UInt64
        let spread: Spread
        let options: ClusterOptions
        var testDescription: String { "SEED=\(seed) \(spread) radius \(options.radius) extent \(options.extent)" }
    }

    static let tileCases = SeededGenerator.seeds([11, 12]).flatMap { seed in
        Spread.allCases.flatMap { spread in
            [ClusterOptions(), ClusterOptions(radius: 60, extent: 256, minZoom: 2, maxZoom: 12)].map {
                TileCase(seed: seed, spread: spread, options: $0)
            }
        }
    }

    /// Every tile of zooms 0-3, the edge columns of zoom 5 and tiles around random points at zoom 10:
    /// a tile holds exactly the items of its zoom whose position (as the KD-tree keeps it, in
    /// Float32) lies in the tile grown by the buffer, in this world or, on an edge column, the
    /// next one; each placed at its position in tile units.
    @Test(arguments: tileCases)
    func aTileHoldsExactlyTheItemsInsideItsBufferedSquare(_ test: TileCase) throws {
        var random = SeededGenerator(seed: test.seed)
        let coordinates = random.coordinates(2000, test.spread)
        let index = try ClusterIndex(points: PointSet(coordinates), options: test.options)
        var tiles: [(z: Int, x: Int, y: Int)] = []
        for z in 0...3 { for x in 0..<(1 << z) { for y in 0..<(1 << z) { tiles.append((z, x, y)) } } }
        for y in 0..<32 { tiles += [(5, 0, y), (5, 31, y)] }
        for coordinate in coordinates.prefix(40) {
            tiles.append((10, Int(UnitSquare.x(coordinate.longitude) * 1024), Int(UnitSquare.y(coordinate.latitude) * 1024)))
        }
        var levels: [Int: [Placed]] = [:]
        for z in Set(tiles.map(\.z)) {
            levels[z] = index.worldItems(z).map { item in
                let (x, y) = index.projected(item)
                return Placed(handle: item.handle, x: x, y: y, treeX: Double(Float(x)), treeY: Double(Float(y)))
            }
        }
        var wrong: [String] = []
        for (z, x, y) in tiles {
            for buffer in [nil, 0, 0.5] {
                let expected = Self.expectedTile(levels[z]!, z: z, x: x, y: y, buffer: buffer ?? test.options.radius / test.options.extent)
                let actual = index.tile(z: z, x: x, y: y, buffer: buffer).map { (handle: $0.item.handle, x: $0.x, y: $0.y) }
                    .sorted { ($0.handle, $0.x) < ($1.handle, $1.x) }
                let same = actual.count == expected.count && zip(actual, expected).allSatisfy {
                    $0.handle == $1.handle && abs($0.x - $1.x) < 1e-9 && abs($0.y - $1.y) < 1e-9
                }
                if !same { wrong.append("\(z)/\(x)/\(y) buffer \(buffer.map { "\($0)" } ?? "default"): \(actual.count) items, expected \(expected.count)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) tiles wrong of \(tiles.count * 3), e.g. \(wrong.prefix(3)); \(test.testDescription)")
    }

    /// An item of a zoom: where it is, and where the KD-tree keeps it (in Float32).
    struct Placed {
        let handle: Int32
        let x: Double, y: Double
        let treeX: Double, treeY: Double
    }

    /// The tile written out from its definition, over the zoom's items listed by a world query.
    static func expectedTile(_ items: [Placed], z: Int, x: Int, y: Int, buffer: Double) -> [(handle: Int32, x: Double, y: Double)] {
        let z2 = pow(2, Double(z))
        var result: [(handle: Int32, x: Double, y: Double)] = []
        for item in items {
            guard item.treeY >= (Double(y) - buffer) / z2, item.treeY <= (Double(y) + 1 + buffer) / z2 else { continue }
            for copy in [-1.0, 0, 1] {
                let tileX = (item.treeX + copy) * z2 - Double(x)
                guard tileX >= -buffer, tileX <= 1 + buffer else { continue }
                // supercluster looks in the next world only from an edge column.
                if copy == -1 && x != 0 || copy == 1 && Double(x) != z2 - 1 { continue }
                result.append((item.handle, (item.x + copy) * z2 - Double(x), item.y * z2 - Double(y)))
            }
        }
        return result.sorted { ($0.handle, $0.x) < ($1.handle, $1.x) }
    }
}
