@testable import Density
import SeededRandom
import Testing

/// The lattice: PostGIS's corners for known cells, every point in the polygon of its cell, ids.
@Suite struct GridLatticeTests {
    /// Whether `point` is inside the convex ring (or on its edge).
    static func contains(_ ring: [(x: Double, y: Double)], _ point: (x: Double, y: Double)) -> Bool {
        var positive = false, negative = false
        for k in ring.indices {
            let a = ring[k], b = ring[(k + 1) % ring.count]
            let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
            if cross > 0 { positive = true }
            if cross < 0 { negative = true }
        }
        return !(positive && negative)
    }

    @Test func hexagonCornersArePostGISs() {
        let h = 0.8660254037844387
        let origin = HexagonGrid.ring(of: GridCell(i: 0, j: 0), size: 1)
        #expect(origin.map(\.x) == [-1, -0.5, 0.5, 1, 0.5, -0.5])
        #expect(origin.map(\.y) == [0, -h, -h, 0, h, h])
        // Odd columns, of either sign, sit half a row higher; columns are 1.5 sizes apart.
        for i in [1, -1] {
            let ring = HexagonGrid.ring(of: GridCell(i: i, j: 2), size: 10)
            #expect(ring[0].x == 10 * (1.5 * Double(i) - 1))
            #expect(ring[0].y == 10 * 2 * h * 2.5)
        }
        #expect(HexagonGrid.centre(of: GridCell(i: 2, j: -1), size: 4) == (12, -8 * h))
    }

    @Test func squareCornersArePostGISs() {
        let ring = SquareGrid.ring(of: GridCell(i: -2, j: 3), size: 5)
        #expect(ring.map(\.x) == [-10, -10, -5, -5])
        #expect(ring.map(\.y) == [15, 20, 20, 15])
    }

    @Test(arguments: GridShape.allCases)
    func everyPointIsInThePolygonOfItsCell(shape: GridShape) throws {
        var random = SplitMix64(seed: 49)
        for (zoom, cell) in [(0, 256), (3, 32), (9, 8), (14, 64)] {
            let lattice = try #require(GridLattice(shape: shape, zoom: zoom, cell: cell))
            let reach = lattice.size * 40
            for _ in 0..<2000 {
                let x = random.uniform(-reach, reach), y = random.uniform(-reach, reach)
                let found = lattice.cell(x: x, y: y)
                #expect(Self.contains(lattice.ring(of: found), (x, y)), "\(shape) z\(zoom) (\(x), \(y)) not in \(found)")
                // The cells of a box around the point include it.
                let cells = lattice.cells(west: x - 1, south: y - 1, east: x + 1, north: y + 1)
                #expect(cells.contains(found))
            }
        }
    }

    @Test func theSizeIsCellPixelsOfATileAtTheZoom() throws {
        let lattice = try #require(GridLattice(shape: .hex, zoom: 4, cell: 32))
        #expect(lattice.size == 32 * 2 * Double.pi * 6_378_137 / 4096)
        #expect(GridLattice(shape: .square, zoom: 3, cell: 30) == nil)
        #expect(GridLattice(shape: .square, zoom: 21, cell: 32) == nil)
        #expect(GridLattice(shape: .square, zoom: 20, cell: 32) != nil)
        #expect(GridLattice.maxZoom(cell: 8) == 18)
    }

    @Test func idsAreDistinctAndTheSameForTheSameLattice() throws {
        let hex = try #require(GridLattice(shape: .hex, zoom: 7, cell: 32))
        let square = try #require(GridLattice(shape: .square, zoom: 7, cell: 32))
        var seen = Set<UInt64>()
        for i in -30...30 {
            for j in -30...30 {
                let cell = GridCell(i: i, j: j)
                #expect(seen.insert(try #require(hex.id(of: cell))).inserted)
                #expect(seen.insert(try #require(square.id(of: cell))).inserted)
            }
        }
        // Zoom 8 with 64-pixel cells is zoom 7 with 32-pixel cells: the same cells, the same ids.
        let same = try #require(GridLattice(shape: .hex, zoom: 8, cell: 64))
        #expect(same.size == hex.size)
        #expect(same.id(of: GridCell(i: -3, j: 5)) == hex.id(of: GridCell(i: -3, j: 5)))
        // Below 2⁵², exact as a JSON number, even for the finest lattice's farthest cell.
        let finest = try #require(GridLattice(shape: .hex, zoom: 18, cell: 8))
        #expect(try #require(finest.id(of: GridCell(i: (1 << 22) - 1, j: -(1 << 22)))) < 1 << 52)
    }

    @Test func optionsParseTheirTextAndNameWhatIsWrong() throws {
        let options = try GridOptions(shape: "hex", cell: "64", geometry: "point")
        #expect(options == GridOptions(shape: .hex, cell: 64, geometry: .point))
        #expect(try GridOptions(shape: nil, cell: nil, geometry: nil) == GridOptions(shape: .square, cell: 32, geometry: .polygon))
        #expect(throws: GridOptionsError(parameter: "cell", value: "30", expected: ["8", "16", "32", "64", "128", "256"])) {
            try GridOptions(shape: nil, cell: "30", geometry: nil)
        }
        let error = try #require(throws: GridOptionsError.self) { try GridOptions(shape: "triangle", cell: nil, geometry: nil) }
        #expect(error.description == "shape 'triangle' is not one of square, hex")
    }
}
