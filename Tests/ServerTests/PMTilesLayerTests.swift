import Codecs
import Foundation
import Testing
import TestTier
import TestUpstream
import Tiles

/// A layer whose source is a PMTiles archive (`source: world.pmtiles`): its tiles are the archive's
/// bytes, a tile it lacks is a 404, its TileJSON comes from the archive's metadata; and the vector
/// cluster tiles `cairn clusters --out` writes are the ones the server answers, byte for byte. The
/// archives are written by the `cairn` CLI (so the suite is a process suite); the server answers in
/// process.
@Suite(.process) struct PMTilesLayerTests {
    @Test func servesTheArchivesTilesAndDescribesItInTileJSON() async throws {
        let work = try temporaryDirectory()
        let archive = work + "/world.pmtiles"
        let render = try ClusterCLI.run(["render", "--source", FixtureTiles.root, "--bbox", "-20,-40,60,70", "--zoom", "1-4",
                                         "--out", archive, "--name", "World tiles", "--quiet"])
        try #require(render.status == 0, "\(render.stderr)")
        try await InProcessServer.with(config: "layers:\n  world:\n    source: \(archive)\n    attribution: \"© Test\"\n") { server throws in
            let reader = try PMTilesReader(path: archive)
            for path in ["1/0/0", "2/1/1", "3/4/3", "4/8/6"] {
                let tile = try TileID(path: path)
                let answer = try await server.request("/tiles/world/\(path).png")
                #expect(answer.status == 200, "\(path)")
                #expect(answer.body == FixtureTiles.bytes(tile.z, tile.x, tile.y), "\(path): the archive's bytes, untouched")
            }
            #expect(try await server.request("/tiles/world/4/0/0.png").status == 404, "outside the rendered region: no tile")
            #expect(try await server.request("/tiles/world/0/0/0.png").status == 404, "above the archive's zooms: no tile")
            let answer = try await server.request("/tiles/world.json")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
            #expect(document["name"] as? String == "World tiles")
            #expect(document["minzoom"] as? Int == 1 && document["maxzoom"] as? Int == 4)
            #expect(document["bounds"] as? [Double] == [-20, -40, 60, 70])
            #expect(document["attribution"] as? String == "© Test")
            let center = try #require(document["center"] as? [Double])
            #expect(center.count == 3 && abs(center[0] - 20) < 1e-6 && abs(center[1] - 15) < 1e-6 && center[2] == 1)
            #expect(reader.header.minZoom == 1)
        }
    }

    @Test func aRemoteArchiveIsServedThroughRangeRequests() async throws {
        let work = try temporaryDirectory()
        let archive = work + "/world.pmtiles"
        let render = try ClusterCLI.run(["render", "--source", FixtureTiles.root, "--bbox", "-20,-40,60,70", "--zoom", "1-3",
                                         "--out", archive, "--name", "Remote world", "--quiet"])
        try #require(render.status == 0, "\(render.stderr)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: archive)))
        let upstream = try TestUpstream { request in
            request.path == "/maps/world.pmtiles" ? .ranges(of: bytes, etag: "\"w1\"", for: request) : .status(404)
        }
        defer { upstream.stop() }
        try await InProcessServer.with(config: "layers:\n  world:\n    source: \"\(upstream.baseURL)/maps/world.pmtiles\"\n") { server throws in
            for path in ["1/0/0", "2/1/1", "3/4/3"] {
                let tile = try TileID(path: path)
                let answer = try await server.request("/tiles/world/\(path).png")
                #expect(answer.status == 200 && answer.body == FixtureTiles.bytes(tile.z, tile.x, tile.y), "\(path): the archive's bytes")
            }
            #expect(try await server.request("/tiles/world/3/0/0.png").status == 404, "a tile the archive lacks")
            let tileJSON = try await server.request("/tiles/world.json")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(tileJSON.body)) as? [String: Any])
            #expect(document["name"] as? String == "Remote world" && document["maxzoom"] as? Int == 3)
            #expect(upstream.requests(for: "/maps/world.pmtiles") <= 5, "one range to open, one per tile: \(upstream.requests(for: "/maps/world.pmtiles"))")
        }
    }

    @Test func clusterArchivesHoldTheServersVectorTiles() async throws {
        let work = try temporaryDirectory()
        let archive = work + "/clusters.pmtiles"
        let run = try ClusterCLI.run(["clusters", CitiesDataset.file, "--out", archive, "--zoom", "0-6", "--quiet"] + CitiesDataset.cliOptions)
        try #require(run.status == 0, "\(run.stderr)")
        try await InProcessServer.with(config: CitiesDataset.config()) { server throws in
            let reader = try PMTilesReader(path: archive)
            #expect(reader.header.tileType == .mvt && reader.header.tileCompression == .gzip)
            var all: [PMTilesEntry] = []
            try await reader.forEachEntry { all.append($0) }
            var ids: [UInt64] = []
            for entry in all { ids += (entry.tileID..<entry.tileID + UInt64(entry.runLength)).map { $0 } }
            #expect(ids.count > 200)
            // Every zoom's tiles, a spread of them at the deeper zooms.
            let sample = ids.enumerated().filter { $0.offset % 7 == 0 || $0.offset < 30 }.map(\.element)
            for id in sample {
                let tile = try TileID(pmtilesID: id)
                let stored = try #require(try await reader.tile(tile))
                let served = try await server.request("/clusters/cities/\(tile.z)/\(tile.x)/\(tile.y).mvt")
                #expect(served.status == 200)
                #expect(try Gzip.decompress(stored) == served.body, "\(tile)")
            }
            // A tile with nothing on it (Antarctica) is not in the archive.
            let ocean = try TileID(z: 6, x: 32, y: 63)
            #expect(try await reader.tile(ocean) == nil)
        }
    }
}

