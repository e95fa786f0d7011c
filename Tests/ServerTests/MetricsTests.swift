import Foundation
import Testing
import TestUpstream

/// `GET /metrics`: Prometheus text whose counters follow what clients saw.
@Suite struct MetricsTests {
    @Test func requestCountersGrowByRouteAndStatus() throws {
        let upstream = try TestUpstream { request in request.path == "/2/0/0.png" ? .status(500) : FixtureTiles.reply(for: request.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream))
        let scrape = try server.request("/metrics")
        #expect(scrape.status == 200)
        #expect(scrape.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        #expect(scrape.header("Cache-Control") == "no-store")

        let tileRoute = try #require(try routeLabel(server, "/tiles/world/2/2/1.png"))
        #expect(tileRoute.contains("tiles"))
        let before = try server.metric("cairn_http_requests_total", ["route": tileRoute, "status": "200"]) ?? 0
        for _ in 0..<3 { #expect(try server.request("/tiles/world/2/2/1.png").status == 200) }
        #expect(try server.metric("cairn_http_requests_total", ["route": tileRoute, "status": "200"]) == before + 3)

        #expect(try server.request("/tiles/world/2/0/0.png").status == 502)
        #expect(try server.request("/tiles/nope/2/0/0.png").status == 404)
        #expect(try server.metric("cairn_http_requests_total", ["route": tileRoute, "status": "502"]) == 1)
        #expect(try server.metric("cairn_http_requests_total", ["route": tileRoute, "status": "404"]) == 1)
        #expect(try server.metric("cairn_upstream_errors_total", ["kind": "status"]) == 1)
        #expect(try server.metric("cairn_cache_hits_total", ["kind": "tile"]) == 3)
        #expect(try server.metric("cairn_cache_misses_total", ["kind": "tile"]) == 2)
        #expect(try server.metric("cairn_http_request_duration_seconds_count", ["route": tileRoute]) == before + 5)
        #expect(try server.metric("cairn_cache_tiles") == 1)
    }

    @Test func healthSaysOK() throws {
        let server = try ServerProcess(config: "layers: {}")
        let health = try server.request("/health")
        #expect(health.status == 200 && health.header("Content-Type") == "application/json")
        let document = try JSONSerialization.jsonObject(with: Data(health.body)) as? [String: Any]
        #expect(document?["status"] as? String == "ok" && document?["layers"] as? Int == 0)
    }

    /// The `route` label the server gave the request for `path`: the route whose 200 count grew.
    private func routeLabel(_ server: ServerProcess, _ path: String) throws -> String? {
        #expect(try server.request(path).status == 200)
        return metricSamples(try server.request("/metrics").text)
            .first { $0.name == "cairn_http_requests_total" && $0.labels["status"] == "200" && $0.labels["route"] != "/metrics" && $0.value >= 1 }?
            .labels["route"]
    }
}
