import Foundation
import Synchronization
import Testing
import TestTier
import TestUpstream
import Tiles

/// HTTP freshness: the upstream's `Cache-Control` sets the lifetime (`cache.honour_upstream`), stale
/// tiles are revalidated with the upstream's validators, and a stale tile beats an error (stale-if-error).
@Suite(.process) struct FreshnessTests {
    /// What the scripted upstream does next.
    private enum Mode {
        /// Answer 3 s late: past the source timeout the tests set.
        case serve, fail, hang
    }

    /// An upstream for `/2/2/1.png` that says `max-age=1`, gives `validator` (an ETag or
    /// Last-Modified header) and answers 304 when the request's `conditional` header matches it;
    /// it records every request.
    private final class ScriptedUpstream: Sendable {
        /// The mode and the requests seen, shared with the handler.
        private final class Script: Sendable {
            let mode = Mutex(Mode.serve)
            let seen = Mutex([TestUpstream.Request]())
        }

        private let script = Script()
        let server: TestUpstream

        init(validator: (name: String, value: String), conditional: String) async throws {
            let script = self.script
            server = try TestUpstream { request in
                script.seen.withLock { $0.append(request) }
                let headers = [("Cache-Control", "public, max-age=1"), validator]
                switch script.mode.withLock({ $0 }) {
                case .fail: return .status(500)
                case .hang: return TestUpstream.Reply(headers: headers, body: FixtureTiles.bytes(2, 2, 1), delay: 3)
                case .serve where request.header(conditional) == validator.value: return TestUpstream.Reply(status: 304, headers: headers)
                case .serve: return TestUpstream.Reply(headers: headers + [("Content-Type", "image/png")], body: FixtureTiles.bytes(2, 2, 1))
                }
            }
        }

        var requests: [TestUpstream.Request] { script.seen.withLock { $0 } }

        func start(_ mode: Mode) { script.mode.withLock { $0 = mode } }
    }

    private let tile = "/tiles/world/2/2/1.png"

    @Test func staleTilesAreRevalidatedWithTheETagThenServedStaleOnError() async throws {
        let upstream = try await ScriptedUpstream(validator: ("ETag", "\"v1\""), conditional: "If-None-Match")
        defer { upstream.server.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream.server, sections: "cache: {honour_upstream: true, ttl: 1h}")) { server in
            let first = try await server.request(tile)
            #expect(first.status == 200 && first.header("Cache-Status") == "cairn; fwd=miss; stored")
            #expect(["public, max-age=0", "public, max-age=1"].contains(first.header("Cache-Control") ?? ""), "\(first.header("Cache-Control") ?? "")")
            #expect(try await server.request(tile).header("Cache-Status") == "cairn; hit")
            #expect(upstream.requests.count == 1 && upstream.requests[0].header("If-None-Match") == nil)

            server.clock.advance(by: 2)  // past the upstream's max-age=1
            let revalidated = try await server.request(tile)
            #expect(revalidated.status == 200)
            #expect(revalidated.header("Cache-Status") == "cairn; fwd=stale; fwd-status=304")
            #expect(revalidated.body == first.body && revalidated.header("ETag") == first.header("ETag"))
            #expect(upstream.requests.count == 2)
            #expect(upstream.requests.last?.header("If-None-Match") == "\"v1\"")
            #expect(try await server.request(tile).header("Cache-Status") == "cairn; hit")  // fresh again for a second

            upstream.start(.fail)
            try await expectStaleIfError(server, as: first)
            #expect(upstream.requests.count == 3)
        }
    }

    @Test func lastModifiedIsSentBackAsIfModifiedSince() async throws {
        let date = "Tue, 03 Nov 2026 10:00:00 GMT"
        let upstream = try await ScriptedUpstream(validator: ("Last-Modified", date), conditional: "If-Modified-Since")
        defer { upstream.server.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream.server)) { server in
            #expect(try await server.request(tile).status == 200)
            server.clock.advance(by: 2)  // past the upstream's max-age=1
            let revalidated = try await server.request(tile)
            #expect(revalidated.header("Cache-Status") == "cairn; fwd=stale; fwd-status=304")
            #expect(upstream.requests.last?.header("If-Modified-Since") == date)
        }
    }

    @Test func withoutHonourUpstreamTheConfiguredTTLRules() async throws {
        let upstream = try await ScriptedUpstream(validator: ("ETag", "\"v1\""), conditional: "If-None-Match")
        defer { upstream.server.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream.server, sections: "cache: {honour_upstream: false, ttl: 1h}")) { server in
            let first = try await server.request(tile)
            let maxAge = first.header("Cache-Control")?.firstMatch(of: /max-age=(\d+)/).flatMap { Int($0.1) }
            #expect(maxAge.map { (3595...3600).contains($0) } == true, "\(first.header("Cache-Control") ?? "")")
            server.clock.advance(by: 2)  // past the upstream's max-age=1, within the ttl
            #expect(try await server.request(tile).header("Cache-Status") == "cairn; hit")
            #expect(upstream.requests.count == 1)
        }
    }

    @Test func aChangedUpstreamTileReplacesTheExpiredCopy() async throws {
        let version = Mutex(1)
        let upstream = try TestUpstream { _ in
            version.withLock { $0 } == 1 ? .bytes(FixtureTiles.bytes(2, 2, 1)) : .bytes(FixtureTiles.bytes(2, 3, 1))
        }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream, sections: "cache: {ttl: 1s}")) { server in
            let first = try await server.request(tile)
            #expect(first.body == FixtureTiles.bytes(2, 2, 1))
            version.withLock { $0 = 2 }
            server.clock.advance(by: 2)  // past the ttl
            let second = try await server.request(tile)
            #expect(second.header("Cache-Status") == "cairn; fwd=stale; stored")
            #expect(second.body == FixtureTiles.bytes(2, 3, 1))
            #expect(second.header("ETag") != first.header("ETag"))
            #expect(try await server.request(tile, headers: [("If-None-Match", first.header("ETag") ?? "")]).status == 200)
            #expect(try await server.request(tile).body == FixtureTiles.bytes(2, 3, 1))
        }
    }

    @Test func upstreamTilesMarkedNoStoreAreNotCached() async throws {
        let upstream = try TestUpstream { request in
            var reply = FixtureTiles.reply(for: request.path)
            reply.headers.append(("Cache-Control", "no-store"))
            return reply
        }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream)) { server in
            for attempt in 1...2 {
                let answer = try await server.request(tile)
                #expect(answer.status == 200 && answer.body == FixtureTiles.bytes(2, 2, 1))
                #expect(answer.header("Cache-Status") == "cairn; fwd=miss")
                #expect(answer.header("Cache-Control") == "public, max-age=0")
                #expect(upstream.requests(for: "/2/2/1.png") == attempt)
            }
            #expect(files(under: server.cacheDirectory) == [])
        }
    }

    /// Past the upstream's max-age=1, with the upstream failing: the stored tile, stale, as `first` was.
    private func expectStaleIfError(_ server: InProcessServer, as first: HTTPResponse,
                                    sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        server.clock.advance(by: 2)
        let stale = try await server.request(tile)
        #expect(stale.status == 200, sourceLocation: sourceLocation)
        #expect(stale.header("Cache-Status") == "cairn; hit; fwd=stale; detail=stale-if-error", sourceLocation: sourceLocation)
        #expect(stale.body == first.body && stale.header("ETag") == first.header("ETag"), sourceLocation: sourceLocation)
        #expect(stale.header("Cache-Control") == "public, max-age=0", sourceLocation: sourceLocation)
    }

    /// stale-if-error covers an upstream that does not answer in time, not only one that fails.
    @Test func aTimeoutServesTheStaleTile() async throws {
        let upstream = try await ScriptedUpstream(validator: ("ETag", "\"v1\""), conditional: "If-None-Match")
        defer { upstream.server.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream.server, source: ["timeout: 2s"])) { server in
            let first = try await server.request(tile)
            #expect(first.header("Cache-Status") == "cairn; fwd=miss; stored")
            upstream.start(.hang)
            // Ended by the layer's timeout (counted below), not timed: with its retries and on a loaded
            // 2-core machine the wall time says little (4-15 s in whole-suite runs).
            try await expectStaleIfError(server, as: first)
            #expect(upstream.requests.count == 2 && upstream.requests.last?.header("If-None-Match") == "\"v1\"")
            #expect(try await server.metric("cairn_upstream_errors_total", ["kind": "timeout"]) == 1)
        }
    }

    /// An upstream that says only `Expires` (and `Date`): the lifetime is Expires − Date, so a
    /// clock an hour ahead of ours does not make the tile live an hour longer.
    @Test func expiresRelativeToDateSetsTheLifetime() async throws {
        let upstreamNow = Date().addingTimeInterval(3600)
        let upstream = try TestUpstream { request in
            var reply = FixtureTiles.reply(for: request.path)
            reply.headers += [("Date", HTTPDate.format(upstreamNow)), ("Expires", HTTPDate.format(upstreamNow.addingTimeInterval(600)))]
            return reply
        }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream, sections: "cache: {honour_upstream: true, ttl: 7d}")) { server in
            for expected in ["cairn; fwd=miss; stored", "cairn; hit"] {
                let answer = try await server.request(tile)
                #expect(answer.status == 200 && answer.header("Cache-Status") == expected)
                let maxAge = answer.header("Cache-Control")?.firstMatch(of: /^public, max-age=(\d+)$/).flatMap { Int($0.1) }
                #expect(maxAge.map { (595...600).contains($0) } == true, "\(answer.header("Cache-Control") ?? "none")")
            }
            #expect(upstream.requests(for: "/2/2/1.png") == 1)
        }
    }
}
