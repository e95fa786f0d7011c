import Testing
@testable import CairnServer

/// A memory tier (`cache.memory_items`, `cache.memory_size`) counts what each image's answer
/// holds: a vector tile's gzipped twin takes room beside its body.
@Suite struct MemoryTierTests {
    /// 4 000 bytes that gzip does not shrink to nothing.
    let tile = (0..<4_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 7) }

    @Test func aVectorTilesTwinCountsAgainstTheByteLimit() {
        let first = ServedImage(bytes: tile, etag: "\"a\"", storedAt: 0, key: "_clusters/d/v/8/1/2.mvt")
        let second = ServedImage(bytes: tile, etag: "\"b\"", storedAt: 0, key: "_clusters/d/v/8/1/3.mvt")
        let twin = first.answer.gzipped?.body.readableBytes ?? 0
        #expect(first.answer.storedBytes == tile.count + twin)
        #expect(twin > 100)
        // Room for both bodies, not for both with their twins.
        var cache = ServerConfig.Cache()
        cache.memorySize = 2 * tile.count + twin
        let tier = MemoryCache<String, ServedImage>(tier: cache)
        tier.store(first, for: "first")
        tier.store(second, for: "second")
        #expect(tier.count == 1)
        #expect(tier.value(for: "first") == nil)
        #expect(tier.value(for: "second")?.etag == "\"b\"")
    }

    @Test func aPNGIsCountedByItsBytes() {
        let image = ServedImage(bytes: tile, etag: "\"a\"", storedAt: 0, key: "badges/42.png")
        #expect(image.answer.storedBytes == tile.count)
        #expect(image.answer.body.capacity == tile.count)
    }
}
