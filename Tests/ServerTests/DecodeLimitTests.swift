import Codecs
import Foundation
import Testing
import TestTier
import TestUpstream

/// Upstream images are decoded within `limits.max_image_side` and `limits.max_image_pixels`
/// (defaults 4096 px a side, 16 MP), not the command line's 8192 px / 40 MP: a small PNG that
/// claims a huge size is a 502 and is never cached, wherever the server decodes it. The server in
/// process, its upstream a socket.
@Suite(.process) struct DecodeLimitTests {
    /// 4100 × 1 pixels: a valid PNG of 4 kB that the CLI's limits accept and the server's refuse.
    private static let wide = PNGBuilder.gray(width: 4100, height: 1)

    @Test func theBuiltPNGsAreWhatTheirHeadersSay() throws {
        #expect(PNGBuilder.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        let small = try ImageDecoder.decode(PNGBuilder.gray(width: 3, height: 2))
        #expect(small.width == 3 && small.height == 2)
        #expect(try ImageDecoder.decode(Self.wide).width == 4100)  // within DecodeLimits.default
        #expect(throws: CodecError.self) { try ImageDecoder.decode(PNGBuilder.claiming(width: 20000, height: 20000)) }
    }

    /// Asks for `path` on a `world` layer (`layer` lines added) whose upstream answers every tile
    /// with `image`: 502, a text error, and no file of the layer in the cache.
    private func expect502(_ image: [UInt8], path: String, chain: String = "[grayscale]", layer: [String] = [], sections: String = "",
                           sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let upstream = try TestUpstream { _ in .bytes(image) }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream, layer: ["chain: \(chain)"] + layer, sections: sections)) { server throws in
            let answer = try await server.request(path)
            #expect(answer.status == 502, "\(path): \(answer.status) \(answer.text.prefix(200))", sourceLocation: sourceLocation)
            #expect(answer.text.hasPrefix("error: "), sourceLocation: sourceLocation)
            #expect(answer.header("Cache-Control") == "no-store", sourceLocation: sourceLocation)
            #expect(upstream.totalRequests >= 1, sourceLocation: sourceLocation)
            #expect(files(under: server.cacheDirectory).filter { $0.hasPrefix("world/") } == [], sourceLocation: sourceLocation)
            #expect(try await server.metric("cairn_upstream_errors_total", ["kind": "undecodable"]) ?? 0 >= 1, sourceLocation: sourceLocation)
        }
    }

    @Test func aTileWiderThanTheDefaultLimitIs502() async throws {
        try await expect502(Self.wide, path: "/tiles/world/2/2/1.png")
    }

    @Test func aHeaderClaiming20000x20000Is502() async throws {
        try await expect502(PNGBuilder.claiming(width: 20000, height: 20000), path: "/tiles/world/2/2/1.png")
    }

    /// A layer with the empty chain passes upstream bytes through undecoded, but their header is
    /// still read and held to the same limits, and an image without image data is refused.
    @Test func passedThroughTilesAreHeldToTheLimitsToo() async throws {
        try await expect502(Self.wide, path: "/tiles/world/2/2/1.png", chain: "[]")
        try await expect502(PNGBuilder.claiming(width: 20000, height: 20000), path: "/tiles/world/2/2/1.png", chain: "[]")
        let tile = FixtureTiles.bytes(2, 2, 1)
        let withoutImageData = Array(tile.prefix(33)) + PNGBuilder.chunk("IEND", [])
        try await expect502(withoutImageData, path: "/tiles/world/2/2/1.png", chain: "[]")
    }

    /// @2x from a source without hi-dpi tiles decodes the four children to stitch them.
    @Test func stitchedChildrenAreDecodedWithinTheLimits() async throws {
        try await expect502(Self.wide, path: "/tiles/world/2/2/1@2x.png")
    }

    /// Beyond `source.maxzoom` the ancestor is decoded to cut the tile out of it.
    @Test func overZoomAncestorsAreDecodedWithinTheLimits() async throws {
        let upstream = try TestUpstream { _ in .bytes(Self.wide) }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream, source: ["maxzoom: 1"])) { server throws in
            let answer = try await server.request("/tiles/world/2/2/1.png")
            #expect(answer.status == 502, "\(answer.status) \(answer.text.prefix(200))")
            #expect(upstream.requests(for: "/1/1/0.png") == 1 && upstream.requests(for: "/2/2/1.png") == 0)
            #expect(files(under: server.cacheDirectory).filter { $0.hasPrefix("world/") } == [])
        }
    }

    @Test func theLimitsAreConfigurable() async throws {
        let tile = FixtureTiles.bytes(2, 2, 1)  // 256 × 256
        try await expect502(tile, path: "/tiles/world/2/2/1.png", sections: "limits: {max_image_pixels: 60000}")
        try await expect502(tile, path: "/tiles/world/2/2/1.png", sections: "limits: {max_image_side: 255}")
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream, layer: ["chain: [grayscale]"],
                                                                sections: "limits: {max_image_side: 256, max_image_pixels: 0.07MP}")) { server throws in
            #expect(try await server.request("/tiles/world/2/2/1.png").status == 200)
        }
    }

    /// A card's thumbnail beyond the limits is not drawn: the card gets the placeholder and is not kept.
    @Test func cardThumbnailsAreDecodedWithinTheLimits() async throws {
        let upstream = try TestUpstream { _ in .bytes(Self.wide) }
        defer { upstream.stop() }
        try await InProcessServer.with(config: "cards: {image_source: {url: \"\(upstream.baseURL)/thumbs/{id}.png\"}}\n") { server throws in
            let answer = try await server.request("/cards/wide.png?title=Wide")
            #expect(answer.status == 200)
            #expect(answer.header("Cache-Status") == "cairn; fwd=miss; detail=thumbnail-unavailable")
            #expect(upstream.requests(for: "/thumbs/wide.png") == 1)
            #expect(files(under: server.cacheDirectory).filter { $0.hasPrefix("_cards/") } == [])
        }
    }
}
