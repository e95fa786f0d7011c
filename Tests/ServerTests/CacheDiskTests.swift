import Codecs
import Foundation
import Testing
import TestTier
import TestUpstream

/// The disk cache when the disk lets it down: a server started on a full disk (a small tmpfs the
/// test mounts) gets every answer, rendered without storing, with one warning a minute and every
/// failed store counted; a cache directory deleted under the running server is made again, and
/// `.cairn-changes` truncated, deleted or replaced under it ends nothing.
@Suite(.process, .serialized) struct CacheDiskTests {
    private let warning = "cannot store in the disk cache"

    /// The disk is full before the server starts: not even `.cairn-changes` gets its eight bytes
    /// (a mapping of it ended the server with SIGBUS at its first lookup).
    @Test func aFullCacheDiskStillAnswersWarnsOnceAndCountsTheFailedStores() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let disk = try SmallDisk(size: "256k")
        let cache = disk.path + "/cache"
        disk.fill()
        let server = try ServerProcess(config: TestConfig.world(upstream), environment: ["CAIRN_CACHE_DIR": cache])
        defer { server.kill() }

        let tiles = (0..<4).flatMap { x in (0..<4).map { y in "/tiles/world/2/\(x)/\(y).png" } }
        let badges = (1...8).map { "/badges/\($0).png" }
        for target in tiles + badges {
            let response = try server.request(target)
            #expect(response.status == 200, "\(target): \(response.text)")
            #expect(response.header("Cache-Status") == "cairn; fwd=miss", "\(target): \(response.header("Cache-Status") ?? "")")
            #expect((try? ImageDecoder.decode(response.body)) != nil, "\(target)")
        }
        #expect(try server.metric("cairn_cache_write_failures_total") == Double(tiles.count + badges.count))
        let warnings = server.log.split(separator: "\n").filter { $0.contains(warning) }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("No space left on device") == true, "\(warnings)")
        #expect(files(under: cache).allSatisfy { !$0.contains(".tmp-") }, "\(files(under: cache))")

        // Room again: storing resumes.
        try FileManager.default.removeItem(atPath: disk.path + "/filler")
        let stored = try server.request("/tiles/world/3/4/2.png")
        #expect(stored.header("Cache-Status") == "cairn; fwd=miss; stored")
        #expect(files(under: cache).contains("world/3/4/2.png"))
    }

    @Test func aCacheDirectoryDeletedUnderTheServerIsMadeAgain() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream))
        defer { server.kill() }
        #expect(try server.request("/tiles/world/2/2/1.png").header("Cache-Status") == "cairn; fwd=miss; stored")
        try FileManager.default.removeItem(atPath: server.cacheDirectory)

        let tile = try server.request("/tiles/world/2/1/1.png")
        #expect(tile.header("Cache-Status") == "cairn; fwd=miss; stored")
        let badge = try server.request("/badges/7.png")
        #expect(badge.header("Cache-Status") == "cairn; fwd=miss; stored")
        #expect(files(under: server.cacheDirectory).contains("world/2/1/1.png"))
        #expect(files(under: server.cacheDirectory).count == 4, "\(files(under: server.cacheDirectory))")  // two images, two .meta
        #expect(!server.log.contains(warning))
    }

    /// Someone truncates, deletes or replaces `.cairn-changes` under the running server: every
    /// request is still answered (a mapping of the file ended the server with SIGBUS at the next
    /// lookup), and after the truncation a purge from another process is seen by the next request.
    @Test func aChangesFileTruncatedDeletedOrReplacedUnderTheServerEndsNothing() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream))
        defer { server.kill() }
        let target = "/tiles/world/2/2/1.png", changes = server.cacheDirectory + "/.cairn-changes"
        #expect(try server.request(target).header("Cache-Status") == "cairn; fwd=miss; stored")
        #expect(try server.request(target).header("Cache-Status") == "cairn; hit")

        #expect(truncate(changes, 0) == 0)
        #expect(try server.request(target).status == 200)
        #expect(try server.request(target).header("Cache-Status") == "cairn; hit")
        let purge = try server.cache("purge", "--layer", "world")
        #expect(purge.status == 0, "\(purge.stderr)")
        #expect(try server.request(target).header("Cache-Status") == "cairn; fwd=miss; stored")

        try FileManager.default.removeItem(atPath: changes)
        #expect(try server.request(target).status == 200)
        try Data(count: 3).write(to: URL(fileURLWithPath: changes + ".new"))
        #expect(rename(changes + ".new", changes) == 0)
        #expect(try server.request(target).status == 200)
        #expect(try server.request("/badges/7.png").status == 200)
        #expect(server.waitForExit(timeout: 0) == nil, "the server is still running: \(server.log)")
    }
}
