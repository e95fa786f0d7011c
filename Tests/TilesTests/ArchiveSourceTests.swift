import Canvas
import Codecs
import Foundation
import RemoteTiles
import Testing
import Tiles

/// MBTiles and PMTiles archives as sources, named by a path or by a `file://` URL (``SourceKind``).
@Suite struct ArchiveSourceTests {
    /// The corpus tiles at zooms 0…2, written into an archive at `path` (`.mbtiles` or `.pmtiles`).
    private func archive(_ path: String) async throws -> [TileID: [UInt8]] {
        var tiles: [TileID: [UInt8]] = [:]
        for z in 0...2 {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) { tiles[try TileID(z: z, x: x, y: y)] = tileBytes("\(z)/\(x)/\(y)") }
            }
        }
        let description = TilesetDescription(name: "world", format: "png", minZoom: 0, maxZoom: 2)
        if path.hasSuffix(".mbtiles") {
            let sink = try MBTilesSink(path: path)
            for (tile, bytes) in tiles { try sink.write(tile, data: bytes) }
            try sink.finish(describing: description)
        } else {
            let writer = try PMTilesWriter(path: path)
            for (tile, bytes) in tiles { try writer.write(tile, data: bytes) }
            try writer.finish(describing: description)
        }
        return tiles
    }

    @Test(arguments: ["mbtiles", "pmtiles"])
    func aFileURLOfAnArchiveReadsItsTiles(_ extension: String) async throws {
        let path = try temporaryDirectory() + "/my world.\(`extension`)"
        let tiles = try await archive(path)
        let url = "file://" + path.replacingOccurrences(of: " ", with: "%20")
        #expect(try SourceKind(url) == (`extension` == "mbtiles" ? .mbtiles(path: path) : .pmtiles(path: path)))
        let source = try SourceLocation.open(url)
        for tile in [try TileID(z: 0, x: 0, y: 0), try TileID(z: 2, x: 3, y: 1)] {
            #expect(try await source.tile(tile, scale: 1)?.bytes == tiles[tile], "\(url) \(tile): the archive's tile, not the archive's bytes")
        }
        await source.close()
    }

    @Test func sourceStringsAreRecognisedAndResolvedInOnePlace() throws {
        #expect(try SourceKind("file:///data/{z}/{x}/{y}.png") == .fileTemplate("file:///data/{z}/{x}/{y}.png"))
        #expect(try SourceKind("https://tiles.example.org/world.pmtiles?sig=1") == .remoteArchive(url: "https://tiles.example.org/world.pmtiles?sig=1"))
        #expect(try SourceKind("tiles/world") == .directory(path: "tiles/world"))
        #expect(throws: SourceError.self) { try SourceKind("tiles/{z}/{x}/{y}.png") }
        #expect(SourceKind.resolving("file:///abs/world.mbtiles", in: "/cfg") == "file:///abs/world.mbtiles")
        #expect(SourceKind.resolving("file://rel/world.pmtiles", in: "/cfg") == "file:///cfg/rel/world.pmtiles")
        #expect(SourceKind.resolving("rel/world.mbtiles", in: "/cfg") == "/cfg/rel/world.mbtiles")
        #expect(SourceKind.resolving("/abs/world.mbtiles", in: "/cfg") == "/abs/world.mbtiles")
        #expect(SourceKind.resolving("https://tiles.example.org/{z}/{x}/{y}.png", in: "/cfg") == "https://tiles.example.org/{z}/{x}/{y}.png")
    }
}
