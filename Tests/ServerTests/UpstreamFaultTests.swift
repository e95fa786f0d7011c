import Foundation
import Synchronization
import Testing
import TestTier
import TestUpstream

/// What clients get when the upstream misbehaves: 502 for bad answers, 504 for slow ones, and
/// nothing cached, so that the next request tries the upstream again. The server answers in
/// process; the upstream is a ``TestUpstream`` on a socket (so the suite is a process suite).
@Suite(.process) struct UpstreamFaultTests {
    private let tile = "/tiles/world/2/2/1.png"
    private let upstreamPath = "/2/2/1.png"

    /// Asks twice for a tile the upstream answers with `reply`; both must get `status`, both must
    /// reach the upstream, and no file for the tile may appear in the cache.
    private func expectNotCached(_ reply: TestUpstream.Reply, status: Int, source: [String] = [], sections: String = "",
                                 sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let upstream = try TestUpstream { _ in reply }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream, source: source, sections: sections)) { server throws in
            for attempt in 1...2 {
                let answer = try await server.request(tile)
                #expect(answer.status == status, "attempt \(attempt): \(answer.status) \(answer.header("Cache-Status") ?? "")",
                        sourceLocation: sourceLocation)
                if answer.status == status {
                    #expect(answer.header("Content-Type")?.hasPrefix("text/plain") == true, sourceLocation: sourceLocation)
                    #expect(answer.header("Cache-Control") == "no-store", sourceLocation: sourceLocation)
                    #expect(answer.text.hasPrefix("error: "), sourceLocation: sourceLocation)
                }
                #expect(upstream.requests(for: upstreamPath) == attempt, sourceLocation: sourceLocation)
            }
            #expect(files(under: server.cacheDirectory).filter { $0.hasPrefix("world/") } == [], sourceLocation: sourceLocation)
            #expect(try await server.request("/health").status == 200, sourceLocation: sourceLocation)
        }
    }

    @Test func aServerErrorUpstreamIs502AndNotCached() async throws {
        try await expectNotCached(.status(500), status: 502)
    }

    @Test func garbageInsteadOfAnImageIs502() async throws {
        try await expectNotCached(.bytes(Array("<html>Too many requests</html>".utf8), type: "text/html"), status: 502)
    }

    /// A PNG signature and header followed by junk: the layer's chain is empty, so the server passes
    /// the bytes through without decoding them, and must still not serve and cache a broken tile.
    @Test func aBrokenPNGIs502EvenThroughAnEmptyChain() async throws {
        let broken = Array(FixtureTiles.bytes(2, 2, 1).prefix(40)) + [UInt8](repeating: 0x41, count: 500)
        try await expectNotCached(.bytes(broken), status: 502)
    }

    @Test func aTruncatedBodyIs502() async throws {
        try await expectNotCached(TestUpstream.Reply(headers: [("Content-Type", "image/png")], body: FixtureTiles.bytes(2, 2, 1), truncated: true),
                            status: 502)
    }

    @Test func anOversizedBodyIs502() async throws {
        let bytes = FixtureTiles.bytes(2, 2, 1)
        #expect(bytes.count > 2000)
        try await expectNotCached(.bytes(bytes), status: 502, sections: "limits: {max_upstream_bytes: 1kB}")
    }

    /// Without a Content-Length the size shows only while the body arrives: the cap still holds.
    @Test func anOversizedChunkedBodyIs502() async throws {
        let bytes = FixtureTiles.bytes(2, 2, 1)
        #expect(bytes.count > 2000)
        try await expectNotCached(TestUpstream.Reply(headers: [("Content-Type", "image/png")], body: bytes, chunked: true),
                            status: 502, sections: "limits: {max_upstream_bytes: 1kB}")
    }

    @Test func aChunkedBodyWithinTheLimitIsServed() async throws {
        let upstream = try TestUpstream { request in
            var reply = FixtureTiles.reply(for: request.path)
            reply.chunked = true
            return reply
        }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream)) { server throws in
            let answer = try await server.request(tile)
            #expect(answer.status == 200 && answer.body == FixtureTiles.bytes(2, 2, 1))
            #expect(answer.header("Cache-Status") == "cairn; fwd=miss; stored")
        }
    }

    @Test func anUnexpectedStatusIs502() async throws {
        try await expectNotCached(.status(403), status: 502)
    }

    @Test func aSlowUpstreamIs504AfterTheSourceTimeout() async throws {
        try await expectNotCached(TestUpstream.Reply(headers: [("Content-Type", "image/png")], body: FixtureTiles.bytes(2, 2, 1), delay: 4),
                            status: 504, source: ["timeout: 400ms"])
    }

    @Test func theUpstreamIsUsableAgainOnceItRecovers() async throws {
        let failing = Mutex(true)
        let upstream = try TestUpstream { request in
            failing.withLock { $0 } ? .status(503) : FixtureTiles.reply(for: request.path)
        }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream)) { server throws in
            #expect(try await server.request(tile).status == 502)
            failing.withLock { $0 = false }
            let answer = try await server.request(tile)
            #expect(answer.status == 200)
            #expect(answer.body == FixtureTiles.bytes(2, 2, 1))
            #expect(answer.header("Cache-Status") == "cairn; fwd=miss; stored")
        }
    }
}
