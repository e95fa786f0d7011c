import Foundation
import Testing
import TestUpstream

/// With one render worker and room for one waiting render, a burst of expensive cold tiles is
/// shed with 503 + `Retry-After` rather than queued, and the server stays healthy.
@Suite struct LoadSheddingTests {
    @Test func aBurstOverTheRenderQueueIsShedWith503() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream, layer: ["chain: [{blur: 8}, grayscale]"],
                                                                sections: "server: {render_workers: 1, queue: 1}"))
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
}
