import Clusters
@testable import Density
import SeededRandom
import Testing
import Tiles

/// A grid's tiles: cells across tile edges agree, counts, aggregates and categories equal
/// brute-force sums over the points, a filter equals pre-filtered points.
@Suite struct GridTileTests {
    static let kinds = ["cafe", "bar", "bakery"]

    /// Points around the origin of EPSG:3857 (negative and odd columns and rows on every side), each
    /// with an integer `pop` (absent or a string for some) and a `kind`.
    static func points(count: Int, seed: UInt64 = 7) -> (points: PointSet, pop: [Double?], kind: [String?]) {
        var random = SplitMix64(seed: seed)
        var points = PointSet(), pops: [Double?] = [], kinds: [String?] = []
        for n in 0..<count {
            let longitude = random.uniform(-6, 6), latitude = random.uniform(-5, 5)
            let roll = Int(random.next() % 10)
            let pop: Double? = roll == 0 ? nil : Double(random.next() % 1000)
            let kind: String? = roll == 1 ? nil : Self.kinds[Int(random.next() % 3)]
            var members: [String] = []
            if let pop { members.append("\"pop\":\(Int(pop))") } else if n % 2 == 0 { members.append("\"pop\":\"many\"") }
            if let kind { members.append("\"kind\":\"\(kind)\"") }
            points.append(longitude: longitude, latitude: latitude, id: nil, properties: "{" + members.joined(separator: ",") + "}")
            pops.append(pop)
            kinds.append(kind)
        }
        return (points, pops, kinds)
    }

    static let aggregates = [
        Aggregate(name: "total", operation: .sum, property: "pop"), Aggregate(name: "least", operation: .min, property: "pop"),
        Aggregate(name: "most", operation: .max, property: "pop"), Aggregate(name: "average", operation: .mean, property: "pop"),
    ]

    static func grid(_ points: PointSet, filter: PointFilter? = nil) throws -> Grid {
        Grid(index: try ClusterIndex.build(points: points, options: ClusterOptions(maxZoom: 4), aggregates: aggregates,
                                           categories: CategorySpec(property: "kind", values: ["cafe", "bar"]), filter: filter))
    }

    @Test(arguments: GridShape.allCases)
    func countsAggregatesAndCategoriesAreTheSumsOfTheCellsPoints(shape: GridShape) throws {
        let (points, pops, kinds) = Self.points(count: 3000)
        let grid = try Self.grid(points)
        let options = GridOptions(shape: shape, cell: 32)
        for tile in [try TileID(z: 6, x: 31, y: 31), try TileID(z: 6, x: 32, y: 32), try TileID(z: 5, x: 15, y: 16)] {
            let lattice = try #require(options.lattice(zoom: tile.z))
            let frame = GridTileFrame(lattice: lattice, tile: tile)
            let tallies = try grid.cells(tile, options: options)
            // Every cell of the tile that holds a point, and no other.
            var members: [GridCell: [Int]] = [:]
            for point in 0..<points.count {
                let cell = lattice.cell(longitude: points.longitudes[point], latitude: points.latitudes[point])
                if frame.position(of: cell) != nil { members[cell, default: []].append(point) }
            }
            #expect(Set(tallies.map(\.cell)) == Set(members.keys))
            #expect(!tallies.isEmpty)
            for tally in tallies {
                let rows = members[tally.cell] ?? []
                #expect(tally.count == rows.count)
                let values = rows.compactMap { pops[$0] }
                #expect(tally.aggregates[0] == (values.isEmpty ? nil : values.reduce(0, +)))
                #expect(tally.aggregates[1] == values.min())
                #expect(tally.aggregates[2] == values.max())
                #expect(tally.aggregates[3] == (values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)))
                let expected = ["cafe", "bar"].map { name in rows.filter { kinds[$0] == name }.count }
                #expect(tally.categoryCounts == expected + [rows.count - expected.reduce(0, +)])
                #expect(tally.id == lattice.id(of: tally.cell))
                let properties = grid.properties(of: tally)
                #expect(properties.map(\.key) == ["count", "total", "least", "most", "average", "count_cafe", "count_bar", "count_other", "category"])
            }
        }
    }

    @Test(arguments: GridShape.allCases)
    func aCellAcrossATileEdgeIsTheSameInBothTiles(shape: GridShape) throws {
        let grid = try Self.grid(Self.points(count: 3000).points)
        let options = GridOptions(shape: shape, cell: 32)
        let west = try TileID(z: 7, x: 63, y: 64), east = try TileID(z: 7, x: 64, y: 64)
        let lattice = try #require(options.lattice(zoom: 7))
        let westFrame = GridTileFrame(lattice: lattice, tile: west), eastFrame = GridTileFrame(lattice: lattice, tile: east)
        let westCells = Dictionary(uniqueKeysWithValues: try grid.cells(west, options: options).map { ($0.id, $0) })
        let eastCells = Dictionary(uniqueKeysWithValues: try grid.cells(east, options: options).map { ($0.id, $0) })
        let shared = Set(westCells.keys).intersection(eastCells.keys)
        #expect(shared.count >= 4)
        for id in shared {
            let a = try #require(westCells[id]), b = try #require(eastCells[id])
            #expect(a.cell == b.cell && a.count == b.count && a.categoryCounts == b.categoryCounts)
            // The vector tiles' polygons: the same shape where both tiles' buffers reach.
            let inWest = westFrame.clippedRings[try #require(westFrame.position(of: a.cell))]
            let inEast = eastFrame.clippedRings[try #require(eastFrame.position(of: b.cell))].map { ($0.x + 4096, $0.y) }
            let overlap = (x: (4096.0 - 256)...(4096.0 + 256), y: -256.0...4352)
            let p = GridClipping.clip(inWest, x: overlap.x, y: overlap.y), q = GridClipping.clip(inEast, x: overlap.x, y: overlap.y)
            #expect(abs(GridClipping.doubledArea(p) - GridClipping.doubledArea(q)) < 1e-6)
            #expect(abs(GridClipping.doubledArea(p)) > 1000)
        }
        // The GeoJSON gives the whole cell, the same in both tiles.
        let westJSON = try geoJSONFeatures(grid.geoJSON(west, options: options))
        let eastJSON = try geoJSONFeatures(grid.geoJSON(east, options: options))
        for id in shared { #expect(westJSON[id] == eastJSON[id] && westJSON[id] != nil) }
    }

    @Test(arguments: GridShape.allCases)
    func centresAreTheSameCellsAsPoints(shape: GridShape) throws {
        let grid = try Self.grid(Self.points(count: 2000).points)
        let tile = try TileID(z: 6, x: 31, y: 31)
        let polygons = try geoJSONFeatures(grid.geoJSON(tile, options: GridOptions(shape: shape)))
        let centres = try geoJSONFeatures(grid.geoJSON(tile, options: GridOptions(shape: shape, geometry: .point)))
        #expect(Set(polygons.keys) == Set(centres.keys) && !centres.isEmpty)
        let lattice = try #require(GridLattice(shape: shape, zoom: 6, cell: 32))
        for tally in try grid.cells(tile, options: GridOptions(shape: shape)) {
            let centre = lattice.centre(of: tally.cell)
            let (longitude, latitude) = GridLattice.unproject(x: centre.x, y: centre.y)
            var expected = JSONOutput()
            expected.raw("{\"type\":\"Point\",\"coordinates\":[")
            expected.number(longitude)
            expected.raw(",")
            expected.number(latitude)
            expected.raw("]}")
            #expect(centres[tally.id] == expected.text)
        }
        // The vector tile of centres holds a point feature per cell: smaller than the polygons'.
        let points = try grid.vectorTile(tile, options: GridOptions(shape: shape, geometry: .point))
        #expect(points.count < (try grid.vectorTile(tile, options: GridOptions(shape: shape))).count)
    }

    /// Each feature's geometry text by id.
    private func geoJSONFeatures(_ bytes: [UInt8]) throws -> [UInt64: String] {
        let value = try JSONValue(parsing: bytes[...])
        guard case .object(let collection) = value, case .array(let features)? = collection.members.first(where: { $0.key == "features" })?.value else {
            Issue.record("not a FeatureCollection")
            return [:]
        }
        var result: [UInt64: String] = [:]
        for case .object(let feature) in features {
            guard case .number(let id)? = feature.members.first(where: { $0.key == "id" })?.value,
                  let geometry = feature.members.first(where: { $0.key == "geometry" })?.value else { continue }
            result[UInt64(id)] = geometry.jsonText
        }
        return result
    }

    @Test func aFilterEqualsThePointsItKeeps() throws {
        let (points, pops, _) = Self.points(count: 2000)
        let filtered = try Self.grid(points, filter: PointFilter(parsing: "pop >= 500"))
        var kept = PointSet()
        for point in 0..<points.count where (pops[point] ?? -1) >= 500 {
            kept.append(longitude: points.longitudes[point], latitude: points.latitudes[point], id: nil, properties: points.properties[point])
        }
        let plain = try Self.grid(kept)
        for shape in GridShape.allCases {
            let options = GridOptions(shape: shape, cell: 16)
            let tile = try TileID(z: 5, x: 16, y: 15)
            #expect(try filtered.vectorTile(tile, options: options) == plain.vectorTile(tile, options: options))
            #expect(try filtered.geoJSON(tile, options: options) == plain.geoJSON(tile, options: options))
        }
    }

    @Test func aZoomBeyondTheCellsDeepestIsRefused() throws {
        let grid = try Self.grid(Self.points(count: 10).points)
        let error = try #require(throws: GridZoomError.self) { try grid.vectorTile(TileID(z: 19, x: 0, y: 0), options: GridOptions(cell: 8)) }
        #expect(error.description == "zoom 19 is beyond the deepest zoom of 8-pixel cells, 18")
    }
}
