import Foundation
@testable import RemoteTiles
import Synchronization
import Testing
import TestTier
import TestUpstream
@testable import Tiles

/// PMTiles archives on a web server (`https://…/x.pmtiles`), read with range requests from a
/// loopback server that answers them as object storage does: the archive's tiles byte for byte, a
/// warm tile in at most two ranges, a replaced archive noticed by its ETag, bad archives as errors
/// naming the URL.
@Suite(.process) struct RemotePMTilesTests {
    /// An archive of `tiles`, as bytes.
    private func archive(_ tiles: [(TileID, [UInt8])], name: String = "remote") throws -> [UInt8] {
        let directory = NSTemporaryDirectory() + "cairn-remote-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let writer = try PMTilesWriter(path: directory + "/x.pmtiles")
        for (tile, data) in tiles { try writer.write(tile, data: data) }
        try writer.finish(describing: TilesetDescription(name: name, format: "png", bounds: .world, minZoom: 0, maxZoom: 8))
        return Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/x.pmtiles")))
    }

    /// 24 000 distinct small tiles of zoom 8: enough that the archive has leaf directories.
    private var manyTiles: [(TileID, [UInt8])] {
        (0..<24_000).map { index in (try! TileID(z: 8, x: index % 256, y: index / 256), Array("tile \(index)".utf8)) }
    }

    @Test func tilesAreTheArchivesAndAWarmTileCostsAtMostTwoRanges() async throws {
        let tiles = manyTiles
        let bytes = try archive(tiles)
        let upstream = try TestUpstream { .ranges(of: bytes, etag: "\"v1\"", for: $0) }
        defer { upstream.stop() }
        let source = try #require(try SourceLocation.open(upstream.baseURL + "/world.pmtiles") as? RemotePMTilesSource)
        let path = "/world.pmtiles"
        #expect(try await source.tilesetMetadata()["name"] == "remote")
        #expect(upstream.requests(for: path) == 1, "header, root directory and metadata in one 16 kB range")
        for index in stride(from: 7, to: tiles.count, by: 1_499) {
            let (tile, data) = tiles[index]
            let before = upstream.requests(for: path)
            #expect(try await source.tile(tile, scale: 1)?.bytes == data, "\(tile)")
            #expect(upstream.requests(for: path) - before <= 2, "\(tile): its leaf directory and the tile")
            let again = upstream.requests(for: path)
            #expect(try await source.tile(tile, scale: 1)?.bytes == data)
            #expect(upstream.requests(for: path) - again == 1, "\(tile) again: the tile alone")
        }
        #expect(try await source.tile(try TileID(z: 8, x: 255, y: 255), scale: 1) == nil, "a tile the archive lacks")
        await source.close()
    }

    @Test func aReplacedArchiveIsReadAgainFromTheStart() async throws {
        let tile = try TileID(z: 3, x: 2, y: 1)
        let first = try archive([(tile, Array("first".utf8))])
        let second = try archive([(tile, Array("second, longer".utf8)), (try TileID(z: 3, x: 0, y: 0), [1, 2, 3])])
        let current = Mutex((first, "\"a\""))
        let upstream = try TestUpstream { request in
            let (bytes, etag) = current.withLock { $0 }
            return .ranges(of: bytes, etag: etag, for: request)
        }
        defer { upstream.stop() }
        let source = RemotePMTilesSource(url: upstream.baseURL + "/x.pmtiles")
        #expect(try await source.tile(tile, scale: 1)?.bytes == Array("first".utf8))
        current.withLock { $0 = (second, "\"b\"") }
        #expect(try await source.tile(tile, scale: 1)?.bytes == Array("second, longer".utf8), "the new archive's tile")
        #expect(try await source.tile(try TileID(z: 3, x: 0, y: 0), scale: 1)?.bytes == [1, 2, 3])
        await source.close()
    }

    @Test func aMissingOrCorruptArchiveIsAnErrorNamingItAndIsTriedAgain() async throws {
        let good = try archive([(try TileID(z: 1, x: 0, y: 0), [9])])
        let broken = Mutex(true)
        let upstream = try TestUpstream { request in
            guard request.path == "/x.pmtiles" else { return .status(404) }
            let garbage = Array("<html>not an archive</html>".utf8) + [UInt8](repeating: 0, count: 200)
            return .ranges(of: broken.withLock { $0 } ? garbage : good, etag: broken.withLock { $0 } ? "\"bad\"" : "\"good\"", for: request)
        }
        defer { upstream.stop() }
        let missing = RemotePMTilesSource(url: upstream.baseURL + "/gone.pmtiles")
        let notFound = await #expect(throws: SourceError.self) { try await missing.tile(try TileID(z: 0, x: 0, y: 0), scale: 1) }
        #expect(notFound?.description.contains("gone.pmtiles") == true && notFound?.description.contains("404") == true, "\(String(describing: notFound))")
        let source = RemotePMTilesSource(url: upstream.baseURL + "/x.pmtiles")
        let corrupt = await #expect(throws: SourceError.self) { try await source.tile(try TileID(z: 1, x: 0, y: 0), scale: 1) }
        #expect(corrupt?.description.contains("x.pmtiles") == true, "\(String(describing: corrupt))")
        broken.withLock { $0 = false }
        #expect(try await source.tile(try TileID(z: 1, x: 0, y: 0), scale: 1)?.bytes == [9], "a failed opening is tried again")
        await missing.close()
        await source.close()
    }
}
