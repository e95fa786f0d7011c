import Foundation
import Testing
import Tiles

/// Layers whose source is a local MBTiles or PMTiles archive named by a `file://` URL, in process.
@Suite struct ArchiveLayerTests {
    /// The fixture tiles (zooms 0…4) copied into a new archive, `world.mbtiles` or `world.pmtiles`.
    static func archive(_ kind: String) async throws -> String {
        let path = try temporaryDirectory() + "/world.\(kind)"
        let merge = TileMerge(inputs: [try TileArchive(path: FixtureTiles.root)], preference: nil)
        let sink: any TileSink = kind == "mbtiles" ? try MBTilesSink(path: path) : try await PMTilesSink(path: path)
        let report = try await merge.run(into: sink, progress: { _ in })
        try sink.finish(describing: merge.description(name: "world", format: "png", report: report))
        return path
    }

    @Test(arguments: ["mbtiles", "pmtiles"])
    func aLayerReadsAnArchiveNamedByAFileURL(_ kind: String) async throws {
        let path = try await Self.archive(kind)
        try await InProcessServer.with(config: "layers:\n  world:\n    source: {url: \"file://\(path)\"}\n") { server throws in
            let answer = try await server.request("/tiles/world/2/2/1.png")
            #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
            #expect(answer.body == FixtureTiles.bytes(2, 2, 1), "the archive's tile, byte for byte")
        }
    }

    /// The archive's zooms are the layer's: its TileJSON says 0…4 (not the layer's default 22), and a
    /// tile deeper than 4 is over-zoomed from the archive's zoom 4, as with `source.maxzoom: 4`.
    @Test(arguments: ["mbtiles", "pmtiles"])
    func theArchivesZoomsAreTheLayersDefault(_ kind: String) async throws {
        let path = try await Self.archive(kind)
        let told = "layers:\n  world:\n    source: {url: \"file://\(FixtureTiles.root)/{z}/{x}/{y}.png\", maxzoom: 4}\n"
        let reference = try await InProcessServer.with(config: told) { server throws in try await server.request("/tiles/world/6/33/22.png").body }
        try await InProcessServer.with(config: "layers:\n  world:\n    source: \(path)\n") { server throws in
            let answer = try await server.request("/tiles/world.json")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
            #expect(document["minzoom"] as? Int == 0 && document["maxzoom"] as? Int == 4, "\(document)")
            let deeper = try await server.request("/tiles/world/6/33/22.png")
            #expect(deeper.status == 200, "over-zoomed from 4/8/5: \(String(decoding: deeper.body, as: UTF8.self))")
            #expect(deeper.body == reference, "the same tile as from the tree with source.maxzoom 4")
        }
    }
}
