import Foundation
import Testing
import TestTier
import TestUpstream

/// Concurrent requests for one cold tile share one trip upstream (no thundering herd). The server
/// runs in process; the upstream is a socket. Asserted is what does not depend on how the requests
/// interleave: never two fetches of the tile at once, one answer for all, one request the one that
/// stored it (the others joined it or found what it stored).
@Suite(.process) struct CoalescingTests {
    @Test func twentyConcurrentRequestsForAColdTileMakeOneUpstreamRequest() async throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path, delay: 0.3) }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream, layer: ["chain: [grayscale]"])) { server throws in
            let answers = try await server.requestsAtOnce(Array(repeating: "/tiles/world/2/2/1.png", count: 20))
            #expect(upstream.requests(for: "/2/2/1.png") == 1)
            #expect(upstream.maximumConcurrentRequests == 1)
            #expect(answers.allSatisfy { $0.status == 200 }, "\(answers.map(\.status))")
            #expect(Set(answers.map(\.body)).count == 1)
            #expect(Set(answers.compactMap { $0.header("ETag") }).count == 1)
            let statuses = answers.compactMap { $0.header("Cache-Status") }
            #expect(statuses.count == 20)
            #expect(statuses.filter { $0 == "cairn; fwd=miss; stored" }.count == 1, "\(statuses)")
            #expect(statuses.allSatisfy { ["cairn; fwd=miss; stored", "cairn; fwd=miss; stored; collapsed", "cairn; hit"].contains($0) },
                    "\(statuses)")
        }
    }

    @Test func aFailureIsSharedButNotRemembered() async throws {
        let upstream = try TestUpstream { _ in TestUpstream.Reply(status: 500, delay: 0.3) }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream)) { server throws in
            let answers = try await server.requestsAtOnce(Array(repeating: "/tiles/world/2/2/1.png", count: 10))
            #expect(answers.allSatisfy { $0.status == 502 }, "\(answers.map(\.status))")
            // Requests that came while a fetch was under way shared its failure; one that came after it tried again.
            #expect(upstream.maximumConcurrentRequests == 1)
            let fetches = upstream.requests(for: "/2/2/1.png")
            #expect((1...10).contains(fetches))
            #expect(try await server.request("/tiles/world/2/2/1.png").status == 502)
            #expect(upstream.requests(for: "/2/2/1.png") == fetches + 1)  // the next request tries again
        }
    }
}
