import Foundation
import Testing
import TestTier
import TestUpstream

/// Concurrent requests for one cold tile share one trip upstream (no thundering herd).
@Suite(.process) struct CoalescingTests {
    @Test func twentyConcurrentRequestsForAColdTileMakeOneUpstreamRequest() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path, delay: 0.3) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream, layer: ["chain: [grayscale]"]))
        let answers = try concurrently(20) { _ in try server.request("/tiles/world/2/2/1.png") }.map { try $0.get() }
        #expect(upstream.requests(for: "/2/2/1.png") == 1)
        #expect(answers.allSatisfy { $0.status == 200 }, "\(answers.map(\.status))")
        #expect(Set(answers.map(\.body)).count == 1)
        #expect(Set(answers.compactMap { $0.header("ETag") }).count == 1)
        let statuses = answers.compactMap { $0.header("Cache-Status") }
        #expect(statuses.filter { $0 == "cairn; fwd=miss; stored" }.count == 1, "\(statuses)")
        #expect(statuses.contains("cairn; fwd=miss; stored; collapsed"), "\(statuses)")
        #expect(statuses.allSatisfy { ["cairn; fwd=miss; stored", "cairn; fwd=miss; stored; collapsed", "cairn; hit"].contains($0) },
                "\(statuses)")
    }

    @Test func aFailureIsSharedButNotRemembered() throws {
        let upstream = try TestUpstream { _ in TestUpstream.Reply(status: 500, delay: 0.3) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream))
        let answers = try concurrently(10) { _ in try server.request("/tiles/world/2/2/1.png") }.map { try $0.get() }
        #expect(answers.allSatisfy { $0.status == 502 }, "\(answers.map(\.status))")
        #expect(upstream.requests(for: "/2/2/1.png") == 1)
        #expect(try server.request("/tiles/world/2/2/1.png").status == 502)
        #expect(upstream.requests(for: "/2/2/1.png") == 2)  // the next request tries again
    }
}
