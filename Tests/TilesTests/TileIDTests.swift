import Testing
import Tiles

@Suite struct TileIDTests {
    @Test func checksItsCoordinates() throws {
        #expect(try TileID(z: 3, x: 7, y: 0).description == "3/7/0")
        #expect(throws: TileID.Invalid.self) { try TileID(z: 3, x: 8, y: 0) }
        #expect(throws: TileID.Invalid.self) { try TileID(z: -1, x: 0, y: 0) }
        #expect(throws: TileID.Invalid.self) { try TileID(z: 31, x: 0, y: 0) }
        #expect(try TileID(z: 30, x: (1 << 30) - 1, y: 0).x == 1_073_741_823)
    }

    @Test(arguments: ["3/4/2", "/3/4/2", "3/4/2.png", "tiles/../3/4/2"])
    func parsesPaths(path: String) throws {
        if path.hasPrefix("tiles") {
            #expect(throws: TileID.Invalid.self) { try TileID(path: path) }
        } else {
            #expect(try TileID(path: path) == TileID(z: 3, x: 4, y: 2))
        }
    }

    @Test func tmsRowsCountFromTheSouth() throws {
        let tile = try TileID(z: 3, x: 4, y: 2)
        #expect(tile.tmsY == 5)
        #expect(try TileID(z: 3, x: 4, tmsY: 5) == tile)
        #expect(try TileID(z: 0, x: 0, y: 0).tmsY == 0)
    }

    @Test func quadkeysMatchBing() throws {
        // Bing's documented example: tile (3, 5) at level 3 is quadkey 213.
        #expect(try TileID(z: 3, x: 3, y: 5).quadkey == "213")
        #expect(try TileID(quadkey: "213") == TileID(z: 3, x: 3, y: 5))
        #expect(try TileID(z: 0, x: 0, y: 0).quadkey == "")
        #expect(throws: TileID.Invalid.self) { try TileID(quadkey: "214") }
    }

    @Test func quadkeyAndTMSRoundTripEveryTileToZoom6() throws {
        for z in 0...6 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    let tile = try TileID(z: z, x: x, y: y)
                    #expect(try TileID(quadkey: tile.quadkey) == tile)
                    #expect(try TileID(z: z, x: x, tmsY: tile.tmsY) == tile)
                    #expect(tile.children.allSatisfy { $0.parent == tile })
                    #expect(tile.ancestor(atZoom: 0) == (try TileID(z: 0, x: 0, y: 0)))
                }
            }
        }
    }
}
