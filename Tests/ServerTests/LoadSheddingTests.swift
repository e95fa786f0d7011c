import Foundation
import Testing
import TestTier
import TestUpstream

/// Load shedding: a burst beyond the render queue, or beyond the productions (upstream fetch +
/// render) allowed in flight, is answered 503 + `Retry-After` at once rather than queued, and the
/// server stays healthy.
@Suite(.process) struct LoadSheddingTests {
    /// One render worker and room for one waiting render (and many fetches in flight): a burst of
    /// expensive cold tiles is shed by the render queue.
    @Test func aBurstOverTheRenderQueueIsShedWith503() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream, layer: ["chain: [{blur: 8}, grayscale]"],
                                                                sections: "server: {render_workers: 1, queue: 1, max_inflight_fetches: 64}"))
        let paths = (0..<4).flatMap { x in (0..<4).map { "/tiles/world/2/\(x)/\($0).png" } }
        let answers = try concurrently(paths.count) { try server.request(paths[$0]) }.map { try $0.get() }
        let statuses = answers.map(\.status)
        #expect(statuses.allSatisfy { [200, 503].contains($0) }, "\(statuses)")
        #expect(statuses.contains(503) && statuses.contains(200), "\(statuses)")
        for shed in answers where shed.status == 503 {
            #expect(shed.header("Retry-After") == "1")
            #expect(shed.text.contains("overloaded"))
            #expect(shed.header("Cache-Control") == "no-store")
        }
        #expect(try server.request("/health").status == 200)
        // Once the burst is over, what was shed renders normally.
        if let shed = zip(paths, answers).first(where: { $0.1.status == 503 })?.0 {
            let retry = try server.request(shed)
            #expect(retry.status == 200, "\(shed): \(retry.status)")
            #expect(retry.header("Cache-Status")?.hasPrefix("cairn; fwd=miss") == true)
        }
        #expect(try server.metric("cairn_http_requests_total", ["status": "503"]) == Double(statuses.filter { $0 == 503 }.count))
        #expect(try server.metric("cairn_http_requests_total", ["status": "500"]) == nil)
    }

    /// Cold tiles from a slow upstream: the render queue never fills (the fetches are the slow
    /// part), but beyond `max_inflight_fetches` (by default queue + render_workers, here 2 + 1)
    /// requests are shed at once, before they reach the upstream, not piled up in the HTTP client.
    @Test func aColdStormBeyondTheInflightBoundIsShedBeforeTheUpstream() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path, delay: 2) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream, sections: "server: {render_workers: 1, queue: 2}"))
        let paths = (0..<4).flatMap { x in (0..<4).map { "/tiles/world/2/\(x)/\($0).png" } }
        let storm = inBackground {
            concurrently(paths.count) { index -> (answer: HTTPResponse, seconds: Double) in
                let started = Date()
                let answer = try server.request(paths[index])
                return (answer, Date().timeIntervalSince(started))
            }
        }
        #expect(eventually { upstream.totalRequests == 3 })
        let healthStarted = Date()
        #expect(try server.request("/health").status == 200)
        #expect(Date().timeIntervalSince(healthStarted) < 1, "/health waited behind the storm")
        let answers = try storm().get().map { try $0.get() }
        let statuses = answers.map(\.answer.status)
        #expect(statuses.allSatisfy { [200, 503].contains($0) }, "\(statuses)")
        #expect(statuses.filter { $0 == 200 }.count == 3, "\(statuses)")
        #expect(upstream.totalRequests == 3, "shed requests must not reach the upstream")
        for shed in answers where shed.answer.status == 503 {
            #expect(shed.answer.header("Retry-After") == "1")
            #expect(shed.answer.text.contains("overloaded"))
            #expect(shed.seconds < 1.5, "shed after \(shed.seconds) s, not at once")
        }
        #expect(try server.metric("cairn_http_requests_total", ["status": "503"]) == 13)
        #expect(try server.metric("cairn_http_requests_total", ["status": "500"]) == nil)
        #expect(try server.metric("cairn_productions_in_flight") == 0)
        // Once the storm is over, what was shed is fetched and rendered normally.
        #expect(try server.request(paths[statuses.firstIndex(of: 503) ?? 0]).status == 200)
    }

    /// Requests for the same cold tile share one production: with room for a single one, all of
    /// them are answered from it, none is shed.
    @Test func coalescedRequestsTakeNoSlotOfTheirOwn() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path, delay: 0.5) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream, sections: "server: {max_inflight_fetches: 1}"))
        let answers = try concurrently(6) { _ in try server.request("/tiles/world/2/2/1.png") }.map { try $0.get() }
        #expect(answers.map(\.status) == Array(repeating: 200, count: 6))
        #expect(upstream.requests(for: "/2/2/1.png") == 1)
        #expect(answers.allSatisfy { $0.body == FixtureTiles.bytes(2, 2, 1) })
    }
}
