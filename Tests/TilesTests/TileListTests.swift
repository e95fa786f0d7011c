import Foundation
import Testing
import Tiles

@Suite struct TileListTests {
    private let alps = try! BoundingBox(west: 5.9, south: 45.8, east: 10.5, north: 47.8)

    @Test func regionListsEveryTileOfEveryZoomInOrderAndCountsWithoutListing() {
        let list = TileList(region: alps, zooms: 3...9)
        let tiles = Array(list)
        #expect(tiles.count == list.count)
        #expect(tiles.count == alps.tileCount(zooms: 3...9))
        #expect(Set(tiles).count == tiles.count)
        #expect(tiles.map(\.z) == tiles.map(\.z).sorted())
        for (zoom, count) in list.countsPerZoom() { #expect(tiles.filter { $0.z == zoom }.count == count) }
    }

    @Test func shardsAreDisjointEqualAndCoverTheWholeList() throws {
        let whole = Array(TileList(region: alps, zooms: 0...10))
        var union: [TileID] = []
        for index in 0..<3 {
            let shard = TileList(region: alps, zooms: 0...10, shard: try Shard(parsing: "\(index)/3"))
            let tiles = Array(shard)
            #expect(tiles.count == shard.count)
            #expect(abs(tiles.count - whole.count / 3) <= 1)
            for (zoom, count) in shard.countsPerZoom() { #expect(tiles.filter { $0.z == zoom }.count == count) }
            union += tiles
        }
        #expect(union.count == whole.count)
        #expect(Set(union) == Set(whole))
    }

    @Test func badShardsAreRefused() {
        for text in ["3/3", "-1/2", "1", "a/b", "0/0", "1/2/3"] {
            #expect(throws: Shard.Invalid.self) { try Shard(parsing: text) }
        }
    }

    @Test func samplesComeFromTheListMostlyFromTheDeepestZoom() throws {
        let list = TileList(region: alps, zooms: 0...12, shard: try Shard(parsing: "1/2"))
        let samples = list.samples(8)
        let all = Set(list)
        #expect(samples.count == 8)
        #expect(samples.allSatisfy { all.contains($0) })
        #expect(samples.filter { $0.z == 12 }.count >= 6)
    }

    @Test func dryRunCountOfAMillionTilesNeedsNoListing() {
        // z0-10 of the world: 1,398,101 tiles, counted from the ranges alone.
        let list = TileList(region: .world, zooms: 0...10)
        #expect(list.count == 1_398_101)
        #expect(list.countsPerZoom().last! == (zoom: 10, count: 1 << 20))
    }

    private func file(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "cairn-tiles-\(UUID().uuidString).txt"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func fileAcceptsSeparatorsExtensionsCommentsAndFiltersZooms() throws {
        let path = try file("# failed tiles\n3/4/2\n4 1 2\n5,3,7.png\n\n2/1/1.webp  # HTTP 500\r\n12/0/0\n")
        let list = TileList(file: try TileListFile(path: path))
        #expect(Array(list) == [try TileID(z: 3, x: 4, y: 2), try TileID(z: 4, x: 1, y: 2), try TileID(z: 5, x: 3, y: 7),
                                try TileID(z: 2, x: 1, y: 1), try TileID(z: 12, x: 0, y: 0)])
        let filtered = TileList(file: try TileListFile(path: path, zooms: 3...5))
        #expect(Array(filtered).map(\.z) == [3, 4, 5])
        #expect(filtered.countsPerZoom().map(\.count) == [1, 1, 1])
        let shard = TileList(file: try TileListFile(path: path, shard: try Shard(parsing: "1/2")))
        #expect(Array(shard) == [try TileID(z: 4, x: 1, y: 2), try TileID(z: 2, x: 1, y: 1)])
        #expect(shard.count == 2)
    }

    @Test func badLinesAreReportedWithTheirNumberBeforeAnyWork() throws {
        for (text, problem) in [("1/0/0\n3/4\n", ":2: '3/4' is not z/x/y"), ("0/0/0\n\n2/9/0\n", ":3:"),
                                ("a/b/c\n", ":1: 'a/b/c' is not z/x/y"), ("31/0/0\n", ":1:")] {
            let path = try file(text)
            #expect { try TileListFile(path: path) } throws: { error in
                "\(error)".hasPrefix(path + problem)
            }
        }
        #expect(throws: TileListFile.Invalid.self) { try TileListFile(path: "/nonexistent/tiles.txt") }
    }
}
