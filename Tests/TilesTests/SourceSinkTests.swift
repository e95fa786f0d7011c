import Foundation
import Testing
import Tiles

@Suite struct SourceSinkTests {
    private let world = worldTiles

    @Test func fileTemplateReadsTilesAndMissingFilesAreNoTile() async throws {
        let source = try FileTemplateSource(template: try URLTemplate("file://\(world)/{z}/{x}/{y}.png"))
        let tile = try TileID(z: 2, x: 2, y: 1)
        #expect(try await source.tile(tile, scale: 1)?.bytes == Array(FileManager.default.contents(atPath: world + "/2/2/1.png")!))
        #expect(try await source.tile(try TileID(z: 7, x: 0, y: 0), scale: 1) == nil)
        #expect(throws: SourceError.self) { try FileTemplateSource(template: try URLTemplate("https://x/{z}/{x}/{y}.png")) }
    }

    @Test func directorySourceTriesTheExtensions() async throws {
        let source = try DirectorySource(root: world)
        #expect(try await source.tile(try TileID(z: 0, x: 0, y: 0), scale: 1)?.bytes?.count ?? 0 > 100)
        #expect(try await source.tile(try TileID(z: 9, x: 0, y: 0), scale: 1) == nil)
        #expect(throws: SourceError.self) { try DirectorySource(root: "/nonexistent") }
    }

    @Test func directorySinkWritesTheTreeAndKnowsWhatItHas() throws {
        let root = try temporaryDirectory()
        let sink = try DirectorySink(root: root + "/out", fileExtension: "png")
        let tile = try TileID(z: 3, x: 4, y: 2)
        #expect(try !sink.contains(tile))
        try sink.write(tile, data: [1, 2, 3])
        #expect(try sink.contains(tile))
        #expect(FileManager.default.contents(atPath: root + "/out/3/4/2.png") == Data([1, 2, 3]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/out/3/4") == ["2.png"])
    }

    @Test func mbtilesSinkThenSourceRoundTrip() async throws {
        let path = try temporaryDirectory() + "/t.mbtiles"
        let sink = try MBTilesSink(path: path)
        let tiles = try [TileID(z: 0, x: 0, y: 0), TileID(z: 1, x: 1, y: 0), TileID(z: 2, x: 3, y: 3)]
        for (index, tile) in tiles.enumerated() { try sink.write(tile, data: [UInt8(index), 42]) }
        #expect(try sink.contains(tiles[1]))
        try sink.finish(describing: TilesetDescription(name: "t", format: "png", minZoom: 0, maxZoom: 2))
        let source = try MBTilesSource(path: path)
        for (index, tile) in tiles.enumerated() { #expect(try await source.tile(tile, scale: 1)?.bytes == [UInt8(index), 42]) }
        #expect(try await source.tile(try TileID(z: 2, x: 0, y: 0), scale: 1) == nil)
    }
}
