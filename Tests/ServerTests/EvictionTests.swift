import Foundation
import Testing
import TestTier
import TestUpstream

/// The disk cache stays within `cache.max_size` (tiles plus their `.meta` files) by evicting the
/// least recently used tiles, and survives a restart. The server in process but for the restart
/// (a real process's exit and start); the upstream a socket.
@Suite(.process) struct EvictionTests {
    /// The z3 tiles the corpus has, in a fixed order.
    private let tiles: [(x: Int, y: Int)] = (0..<8).flatMap { x in (0..<8).map { (x: x, y: $0) } }
        .filter { FileManager.default.fileExists(atPath: "\(FixtureTiles.root)/3/\($0.x)/\($0.y).png") }

    /// Tiles also live in a memory LRU (`memory_items`); 0 turns it off, so that what the disk
    /// holds is what the server serves from.
    private let diskOnly = "cache: {max_size: 30kB, memory_items: 0}"

    @Test func theCacheStaysUnderItsSizeAndForgetsTheOldestTiles() async throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream, sections: diskOnly)) { server throws in
            let corpusBytes = tiles.reduce(0) { $0 + FixtureTiles.bytes(3, $1.x, $1.y).count }
            #expect(corpusBytes > 3 * 30_000)  // far more than fits
            for tile in tiles {
                let answer = try await server.request("/tiles/world/3/\(tile.x)/\(tile.y).png")
                #expect(answer.status == 200)
                #expect(totalSize(under: server.cacheDirectory) <= 30_000, "after 3/\(tile.x)/\(tile.y)")
            }
            let cached = files(under: server.cacheDirectory)
            let last = tiles.last!, first = tiles.first!
            #expect(cached.contains("world/3/\(last.x)/\(last.y).png") && cached.contains("world/3/\(last.x)/\(last.y).png.meta"))
            #expect(!cached.contains("world/3/\(first.x)/\(first.y).png") && !cached.contains("world/3/\(first.x)/\(first.y).png.meta"))
            // Every tile left has its metadata, and the other way round.
            let tilesLeft = cached.filter { !$0.hasSuffix(".meta") }
            #expect(Set(cached.filter { $0.hasSuffix(".meta") }) == Set(tilesLeft.map { $0 + ".meta" }))
            #expect(tilesLeft.count >= 3 && tilesLeft.count < tiles.count / 2)

            let evictions = try #require(try await server.metric("cairn_cache_evictions_total"))
            #expect(Int(evictions) == tiles.count - tilesLeft.count)
            #expect(try await server.metric("cairn_cache_bytes") == Double(totalSize(under: server.cacheDirectory)))
            #expect(try await server.metric("cairn_cache_tiles") == Double(tilesLeft.count))

            let again = try await server.request("/tiles/world/3/\(first.x)/\(first.y).png")
            #expect(again.header("Cache-Status") == "cairn; fwd=miss; stored")
            #expect(upstream.requests(for: "/3/\(first.x)/\(first.y).png") == 2)
        }
    }

    @Test func readingATileKeepsItFromBeingEvicted() async throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream, sections: diskOnly)) { server throws in
            let favourite = tiles[0]
            for tile in tiles {
                #expect(try await server.request("/tiles/world/3/\(tile.x)/\(tile.y).png").status == 200)
                #expect(try await server.request("/tiles/world/3/\(favourite.x)/\(favourite.y).png").header("Cache-Status") == "cairn; hit")
            }
            #expect(upstream.requests(for: "/3/\(favourite.x)/\(favourite.y).png") == 1)
            #expect(files(under: server.cacheDirectory).contains("world/3/\(favourite.x)/\(favourite.y).png"))
        }
    }

    /// A tile the disk has evicted while a copy stays in memory: once that copy is stale and the
    /// upstream confirms it (304), the server must not leave a `.meta` without its tile behind, nor
    /// grow the cache past its size.
    @Test func revalidatingATileEvictedFromDiskLeavesNoOrphanMetadata() async throws {
        let upstream = try TestUpstream { request in
            var reply = FixtureTiles.reply(for: request.path)
            if request.header("If-None-Match") == "\"v1\"" { reply = .status(304) }
            reply.headers += [("Cache-Control", "max-age=1"), ("ETag", "\"v1\"")]
            return reply
        }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream, sections: "cache: {max_size: 30kB}")) { server throws in
            let first = tiles[0]
            for tile in tiles { #expect(try await server.request("/tiles/world/3/\(tile.x)/\(tile.y).png").status == 200) }
            #expect(!files(under: server.cacheDirectory).contains("world/3/\(first.x)/\(first.y).png"))
            server.clock.advance(by: 1.1)  // past the upstream's max-age=1: the copy in memory is stale
            let again = try await server.request("/tiles/world/3/\(first.x)/\(first.y).png")
            #expect(again.status == 200 && again.body == FixtureTiles.bytes(3, first.x, first.y))
            #expect(again.header("Cache-Status") == "cairn; fwd=stale; fwd-status=304")
            let cached = files(under: server.cacheDirectory)
            let orphans = cached.filter { $0.hasSuffix(".meta") && !cached.contains(String($0.dropLast(5))) }
            #expect(orphans == [])
            #expect(totalSize(under: server.cacheDirectory) <= 30_000)
            #expect(try await server.metric("cairn_cache_bytes") == Double(totalSize(under: server.cacheDirectory)))
        }
    }

    @Test func aRestartedServerServesAndCountsWhatIsOnDisk() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let cache = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let config = TestConfig.world(upstream, sections: "cache: {max_size: 30kB}")
        let first = try ServerProcess(config: config, environment: ["CAIRN_CACHE_DIR": cache])
        for tile in tiles.prefix(4) { #expect(try first.request("/tiles/world/3/\(tile.x)/\(tile.y).png").status == 200) }
        #expect(first.terminate() == 0)
        // A crash's leftover temporary (named after the process that wrote it), which the next start removes.
        let leftover = cache + "/world/3/\(tiles[0].x)/.\(tiles[0].y).png.tmp-\(first.processIdentifier)-2"
        try Data(repeating: 0, count: 100).write(to: URL(fileURLWithPath: leftover))

        let second = try ServerProcess(config: config, environment: ["CAIRN_CACHE_DIR": cache])
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(try second.metric("cairn_cache_tiles") == 4)
        #expect(try second.metric("cairn_cache_bytes") == Double(totalSize(under: cache)))
        let answer = try second.request("/tiles/world/3/\(tiles[0].x)/\(tiles[0].y).png")
        #expect(answer.header("Cache-Status") == "cairn; hit")
        #expect(answer.body == FixtureTiles.bytes(3, tiles[0].x, tiles[0].y))
        #expect(upstream.requests(for: "/3/\(tiles[0].x)/\(tiles[0].y).png") == 1)
    }
}
