import Codecs
import Foundation
import Testing
import TestUpstream

/// The disk cache when the disk lets it down: a full disk (a small tmpfs the test mounts) still
/// gets every answer, rendered without storing, with one warning a minute and every failed store
/// counted; a cache directory deleted under the running server is made again.
@Suite(.serialized) struct CacheDiskTests {
    private let warning = "cannot store in the disk cache"

    @Test func aFullCacheDiskStillAnswersWarnsOnceAndCountsTheFailedStores() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let disk = try SmallDisk(size: "256k")
        let cache = disk.path + "/cache"
        let server = try ServerProcess(config: TestConfig.world(upstream), environment: ["CAIRN_CACHE_DIR": cache])
        defer { server.kill() }
        disk.fill()

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
}
