import Foundation
import Testing
@testable import Tiles

/// The PMTiles v3 format pieces: Hilbert tile ids, the header, directories, and what a corrupt
/// directory is (a thrown error, never a trap).
@Suite struct PMTilesFormatTests {
    /// The values the specification's reference implementations test against.
    @Test func tileIDsFollowTheHilbertCurveZoomByZoom() throws {
        let known: [((Int, Int, Int), UInt64)] = [
            ((0, 0, 0), 0), ((1, 0, 0), 1), ((1, 0, 1), 2), ((1, 1, 1), 3), ((1, 1, 0), 4), ((2, 0, 0), 5),
            ((12, 3423, 1763), 19_078_479),
        ]
        for ((z, x, y), id) in known {
            #expect(try TileID(z: z, x: x, y: y).pmtilesID == id, "\(z)/\(x)/\(y)")
            #expect(try TileID(pmtilesID: id) == TileID(z: z, x: x, y: y))
        }
        // Every tile of the first zooms round-trips, ids are dense and distinct.
        for z in 0...7 {
            var ids = Set<UInt64>()
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    let tile = try TileID(z: z, x: x, y: y)
                    ids.insert(tile.pmtilesID)
                    #expect(try TileID(pmtilesID: tile.pmtilesID) == tile)
                }
            }
            let first = TileID.pmtilesFirstID(zoom: z)
            #expect(ids == Set(first..<(first + UInt64(1 << (2 * z)))))
        }
        // The corners of the deepest zoom.
        let side = (1 << TileID.maximumZoom) - 1
        for (x, y) in [(0, 0), (side, 0), (0, side), (side, side)] {
            let tile = try TileID(z: TileID.maximumZoom, x: x, y: y)
            #expect(try TileID(pmtilesID: tile.pmtilesID) == tile)
        }
        #expect(throws: TileID.Invalid.self) { try TileID(pmtilesID: UInt64.max) }
    }

    @Test func headerRoundTripsIn127Bytes() throws {
        var header = PMTilesHeader()
        header.rootOffset = 127; header.rootLength = 300
        header.metadataOffset = 427; header.metadataLength = 80
        header.tileDataOffset = 507; header.tileDataLength = 123_456_789_012
        header.addressedTiles = 9; header.tileEntries = 5; header.tileContents = 3
        header.tileType = .webp
        header.minZoom = 2; header.maxZoom = 14
        header.setPosition(bounds: try BoundingBox(west: 5.9, south: 45.8, east: 10.5, north: 47.8), center: (8.2, 46.8, 7))
        let bytes = header.bytes
        #expect(bytes.count == 127)
        #expect(Array(bytes[0..<8]) == Array("PMTiles".utf8) + [3])
        #expect(bytes[102..<106].elementsEqual([0xC0, 0x44, 0x84, 0x03]))  // 59 000 000 little-endian
        let parsed = try PMTilesHeader(parsing: bytes)
        #expect(parsed == header)
        #expect(parsed.bounds == (try BoundingBox(west: 5.9, south: 45.8, east: 10.5, north: 47.8)))
    }

    @Test func headerProblemsAreErrors() {
        var bytes = PMTilesHeader().bytes
        bytes[16] = 1  // a root directory
        #expect((try? PMTilesHeader(parsing: bytes)) != nil)
        var magic = bytes; magic[0] = 0x50 + 1
        #expect(throws: PMTilesError("not a PMTiles archive (bad magic number)")) { try PMTilesHeader(parsing: magic) }
        var version = bytes; version[7] = 2
        #expect(throws: PMTilesError("PMTiles version 2 is not supported (only version 3)")) { try PMTilesHeader(parsing: version) }
        #expect(throws: PMTilesError.self) { try PMTilesHeader(parsing: Array(bytes[0..<100])) }
        var huge = bytes; for index in 8..<24 { huge[index] = 0xFF }
        #expect(throws: PMTilesError.self) { try PMTilesHeader(parsing: huge) }
    }

    @Test func directoriesRoundTripWithDeltasAndContiguousOffsets() throws {
        let entries = [
            PMTilesEntry(tileID: 0, offset: 0, length: 100, runLength: 1),
            PMTilesEntry(tileID: 1, offset: 100, length: 50, runLength: 3),
            PMTilesEntry(tileID: 9, offset: 0, length: 100, runLength: 1),
            PMTilesEntry(tileID: 1_000_000, offset: 150, length: 7, runLength: 0),
        ]
        let bytes = PMTilesDirectory.encode(entries[...])
        // count 4; ids 0,1,8,999991; runs; lengths; offsets 1 (0+1), 0 (contiguous), 1 (0+1), 151.
        #expect(Array(bytes.prefix(4)) == [4, 0, 1, 8])
        #expect(Array(bytes.suffix(5)) == [1, 0, 1, 0x97, 0x01])
        #expect(try PMTilesDirectory.decode(bytes) == entries)
    }

    @Test func corruptDirectoriesAreErrors() {
        // More entries than bytes could hold.
        #expect(throws: PMTilesError.self) { try PMTilesDirectory.decode([0xFF, 0xFF, 0x03, 0, 0, 0, 0]) }
        // A varint that runs past 64 bits.
        #expect(throws: PMTilesError("directory number overflows 64 bits")) {
            try PMTilesDirectory.decode([1] + [UInt8](repeating: 0xFF, count: 10) + [0x7F, 1, 1, 1])
        }
        // Ends inside a number.
        #expect(throws: PMTilesError.self) { try PMTilesDirectory.decode([1, 0, 1, 1, 0x80]) }
        // Tile ids that do not increase, a zero length, bytes left over.
        #expect(throws: PMTilesError.self) { try PMTilesDirectory.decode([2, 5, 0, 1, 1, 1, 1, 1, 0]) }
        #expect(throws: PMTilesError.self) { try PMTilesDirectory.decode([1, 0, 1, 0, 1]) }
        #expect(throws: PMTilesError.self) { try PMTilesDirectory.decode([1, 0, 1, 1, 1, 9]) }
        #expect(throws: PMTilesError.self) { try PMTilesDirectory.decode([]) }
    }

    @Test func varintsUseSevenBitGroups() throws {
        var bytes: [UInt8] = []
        for value: UInt64 in [0, 127, 128, 300, UInt64.max] { PMTilesVarint.append(value, to: &bytes) }
        #expect(bytes.prefix(6).elementsEqual([0, 0x7F, 0x80, 0x01, 0xAC, 0x02]))
        var cursor = PMTilesByteCursor(bytes)
        for value: UInt64 in [0, 127, 128, 300, UInt64.max] { #expect(try cursor.varint() == value) }
        #expect(cursor.remaining == 0)
    }

    @Test func metadataJSONKeepsTileJSONShapesAndRoundTripsToRows() throws {
        let rows: [(String, String)] = [("name", "Region"), ("format", "pbf"), ("bounds", "5.9,45.8,10.5,47.8"), ("center", "8.2,46.8,7"),
                                        ("minzoom", "0"), ("maxzoom", "14"), ("attribution", "© OSM"),
                                        ("json", #"{"vector_layers":[{"id":"clusters","fields":{}}]}"#)]
        let json = PMTilesMetadataJSON.encode(rows: rows)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        #expect(object["bounds"] as? [Double] == [5.9, 45.8, 10.5, 47.8])
        #expect(object["minzoom"] as? Int == 0 && object["maxzoom"] as? Int == 14)
        #expect((object["vector_layers"] as? [[String: Any]])?.first?["id"] as? String == "clusters")
        let back = try PMTilesMetadataJSON.decode(json)
        #expect(back["bounds"] == "5.9,45.8,10.5,47.8" && back["center"] == "8.2,46.8,7")
        #expect(back["name"] == "Region" && back["attribution"] == "© OSM" && back["maxzoom"] == "14")
        #expect(back["json"] == #"{"vector_layers":[{"fields":{},"id":"clusters"}]}"#)
        #expect(throws: PMTilesError.self) { try PMTilesMetadataJSON.decode(Array("[1]".utf8)) }
        #expect(throws: PMTilesError.self) { try PMTilesMetadataJSON.decode(Array("{".utf8)) }
    }
}
