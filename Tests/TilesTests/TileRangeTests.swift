import Foundation
import Testing
import Tiles

@Suite struct TileRangeTests {
    /// Every tile at `zoom` whose extent overlaps the box with positive area: the brute-force answer.
    private func bruteForce(_ box: BoundingBox, zoom: Int) throws -> Set<TileID> {
        let parts = box.crossesAntimeridian
            ? [(box.west, 180.0), (-180.0, box.east)] : [(box.west, box.east)]
        var result = Set<TileID>()
        for x in 0..<(1 << zoom) {
            for y in 0..<(1 << zoom) {
                let tile = try TileID(z: zoom, x: x, y: y)
                let b = tile.bounds
                let north = min(box.north, WebMercator.maximumLatitude), south = max(box.south, -WebMercator.maximumLatitude)
                guard b.south < north, b.north > south else { continue }
                if parts.contains(where: { b.west < $0.1 && b.east > $0.0 }) { result.insert(tile) }
            }
        }
        return result
    }

    @Test func matchesBruteForceOnRandomBoxes() throws {
        var random = SeededGenerator()
        for index in 0..<300 {
            let a = Double.random(in: -180...180, using: &random), b = Double.random(in: -180...180, using: &random)
            let s = Double.random(in: -89...88, using: &random), n = Double.random(in: (s + 0.5)...89.9, using: &random)
            guard a != b else { continue }
            let box = try BoundingBox(west: a, south: s, east: b, north: n)   // a > b crosses the antimeridian
            for zoom in 0...5 {
                let ranges = box.tileRanges(zoom: zoom)
                let listed = Set(ranges.flatMap { Array($0) })
                let failure: Comment = "case \(index) of seed \(random.seed): \(box) at zoom \(zoom)"
                #expect(listed == (try bruteForce(box, zoom: zoom)), failure)
                #expect(ranges.reduce(0) { $0 + $1.count } == listed.count, failure)
            }
        }
    }

    @Test func edgesOnTileBoundariesDoNotPullInNeighbours() throws {
        let box = try BoundingBox(west: 0, south: 0, east: 90, north: WebMercator.maximumLatitude)
        #expect(box.tileRanges(zoom: 2) == [TileRange(z: 2, minX: 2, maxX: 2, minY: 0, maxY: 1)])
    }

    @Test func antimeridianBoxGivesTwoRanges() throws {
        let fiji = try BoundingBox(parsing: "170,-20,-170,-10")
        let ranges = fiji.tileRanges(zoom: 4)
        #expect(ranges.count == 2)
        #expect(ranges[0].maxX == 15 && ranges[1].minX == 0)
    }

    @Test func worldCounts() {
        #expect(BoundingBox.world.tileCount(zooms: 0...4) == 1 + 4 + 16 + 64 + 256)
        // 1.4 million tiles, answered by arithmetic (how fast is `make bench`'s business, not a test's).
        #expect(BoundingBox.world.tileCount(zooms: 0...10) == (0...10).reduce(0) { $0 + (1 << (2 * $1)) })
    }

    @Test(arguments: ["1,2,3", "a,b,c,d", "10,20,30,10", "-190,0,10,10", "0,-95,10,10", "5,0,5,10"])
    func rejectsBadBoxes(text: String) {
        #expect(throws: BoundingBox.Invalid.self) { try BoundingBox(parsing: text) }
    }
}
