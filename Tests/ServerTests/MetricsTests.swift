import Foundation
import Testing
import TestTier
import TestUpstream

/// `GET /metrics`: Prometheus text whose counters follow what clients saw, scraped from the server's
/// router in process. The tests whose upstream fails carry the `.process` trait (their upstream is a
/// ``TestUpstream`` on a socket).
@Suite struct MetricsTests {
    @Test(.process) func requestCountersGrowByRouteAndStatus() async throws {
        let upstream = try TestUpstream { request in request.path == "/2/0/0.png" ? .status(500) : FixtureTiles.reply(for: request.path) }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream)) { server throws in
            let scrape = try await server.request("/metrics")
            #expect(scrape.status == 200)
            #expect(scrape.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
            #expect(scrape.header("Cache-Control") == "no-store")

            let label = try await routeLabel(server, "/tiles/world/2/2/1.png")
            let tileRoute = try #require(label)
            #expect(tileRoute.contains("tiles"))
            let before = try await server.metric("cairn_http_requests_total", ["route": tileRoute, "status": "200"]) ?? 0
            for _ in 0..<3 { #expect(try await server.request("/tiles/world/2/2/1.png").status == 200) }
            #expect(try await server.metric("cairn_http_requests_total", ["route": tileRoute, "status": "200"]) == before + 3)

            #expect(try await server.request("/tiles/world/2/0/0.png").status == 502)
            #expect(try await server.request("/tiles/nope/2/0/0.png").status == 404)
            #expect(try await server.metric("cairn_http_requests_total", ["route": tileRoute, "status": "502"]) == 1)
            #expect(try await server.metric("cairn_http_requests_total", ["route": tileRoute, "status": "404"]) == 1)
            #expect(try await server.metric("cairn_upstream_errors_total", ["kind": "status"]) == 1)
            #expect(try await server.metric("cairn_cache_hits_total", ["kind": "tile"]) == 3)
            #expect(try await server.metric("cairn_cache_misses_total", ["kind": "tile"]) == 2)
            #expect(try await server.metric("cairn_http_request_duration_seconds_count", ["route": tileRoute]) == before + 5)
            #expect(try await server.metric("cairn_cache_tiles") == 1)
        }
    }

    /// The cache's hit and miss counters of every kind are listed from the start at 0 (made once,
    /// not looked up on every hit), and they count from there.
    @Test func hitAndMissCountersAreListedAtZeroFromTheStart() async throws {
        try await InProcessServer.with(config: TestConfig.world()) { server throws in
            for kind in ["tile", "badge", "card", "cluster"] {
                #expect(try await server.metric("cairn_cache_hits_total", ["kind": kind]) == 0, "hits of \(kind)")
                #expect(try await server.metric("cairn_cache_misses_total", ["kind": kind]) == 0, "misses of \(kind)")
            }
            #expect(try await server.request("/tiles/world/2/2/1.png").status == 200)
            #expect(try await server.request("/tiles/world/2/2/1.png").status == 200)
            #expect(try await server.metric("cairn_cache_misses_total", ["kind": "tile"]) == 1)
            #expect(try await server.metric("cairn_cache_hits_total", ["kind": "tile"]) == 1)
            #expect(try await server.metric("cairn_http_requests_total", ["route": "/tiles/{layer}/{z}/{x}/{file}", "status": "200"]) == 2)
        }
    }

    /// The lane's answers and its routes' 200s, made with the lane when `cairn serve` starts, are
    /// listed at 0 before any request, and a hit the lane answers counts in both.
    @Test(.process) func theLanesCountersAreListedAtZeroFromTheStart() throws {
        let server = try ServerProcess(config: TestConfig.world())
        defer { server.kill() }
        let tileRoute = "/tiles/{layer}/{z}/{x}/{file}"
        #expect(try server.metric("cairn_hot_lane_answers_total") == 0)
        #expect(try server.metric("cairn_http_requests_total", ["route": tileRoute, "status": "200"]) == 0)
        #expect(try server.request("/tiles/world/2/2/1.png").status == 200)
        #expect(try server.request("/tiles/world/2/2/1.png").status == 200)
        #expect(try server.metric("cairn_hot_lane_answers_total") == 1)
        #expect(try server.metric("cairn_http_requests_total", ["route": tileRoute, "status": "200"]) == 2)
    }

    /// After one cold render: a sample in the render and upstream latency histograms (count and
    /// buckets), and the queue and in-flight gauges.
    @Test func aColdRenderFillsTheLatencyHistogramsAndGauges() async throws {
        try await InProcessServer.with(config: TestConfig.world(layer: ["chain: [grayscale]"])) { server throws in
            #expect(try await server.request("/tiles/world/2/2/1.png").status == 200)
            let samples = metricSamples(try await server.request("/metrics").text)
            for histogram in ["cairn_render_duration_seconds", "cairn_upstream_duration_seconds"] {
                let count = samples.first { $0.name == histogram + "_count" && $0.labels["layer"] == "world" }?.value
                #expect((count ?? 0) >= 1, "\(histogram)_count: \(count.map { "\($0)" } ?? "missing")")
                let buckets = samples.filter { $0.name == histogram + "_bucket" && $0.labels["layer"] == "world" }
                #expect(buckets.count >= 10, "\(histogram): \(buckets.count) buckets")
                #expect(buckets.first { $0.labels["le"] == "+Inf" }?.value == count)
                #expect(samples.contains { $0.name == histogram + "_sum" && $0.value > 0 })
            }
            for gauge in ["cairn_render_queue_depth", "cairn_renders_in_flight", "cairn_productions_in_flight"] {
                #expect(samples.first { $0.name == gauge }?.value == 0, "\(gauge)")
            }
            #expect(samples.first { $0.name == "cairn_http_requests_in_flight" }?.value == 1)  // the scrape itself
        }
    }

    /// `cairn_upstream_errors_total{kind}` tells an upstream that fails from one that does not answer.
    @Test(.process) func upstreamErrorsAreCountedByKind() async throws {
        let upstream = try TestUpstream { request in
            switch request.path {
            case "/2/0/0.png": .status(500)
            case "/2/1/0.png": FixtureTiles.reply(for: request.path, delay: 3)
            default: FixtureTiles.reply(for: request.path)
            }
        }
        defer { upstream.stop() }
        // 1 s: a tile that answers at once makes it on a loaded machine; the one that takes 3 s does not.
        try await InProcessServer.with(config: TestConfig.world(upstream, source: ["timeout: 1s"])) { server throws in
            #expect(try await server.metric("cairn_upstream_errors_total") == nil)
            #expect(try await server.request("/tiles/world/2/0/0.png").status == 502)
            #expect(try await server.metric("cairn_upstream_errors_total", ["kind": "status"]) == 1)
            #expect(try await server.metric("cairn_upstream_errors_total", ["kind": "timeout"]) == nil)
            #expect(try await server.request("/tiles/world/2/1/0.png").status == 504)
            #expect(try await server.metric("cairn_upstream_errors_total", ["kind": "timeout"]) == 1)
            #expect(try await server.request("/tiles/world/2/2/1.png").status == 200)
            #expect(try await server.metric("cairn_upstream_errors_total") == 2)
        }
    }

    @Test func healthSaysOK() async throws {
        try await InProcessServer.with(config: "layers: {}") { server throws in
            let health = try await server.request("/health")
            #expect(health.status == 200 && health.header("Content-Type") == "application/json")
            let document = try JSONSerialization.jsonObject(with: Data(health.body)) as? [String: Any]
            #expect(document?["status"] as? String == "ok" && document?["layers"] as? Int == 0)
        }
    }

    /// The `route` label the server gave the request for `path`: the route whose 200 count grew.
    private func routeLabel(_ server: InProcessServer, _ path: String) async throws -> String? {
        #expect(try await server.request(path).status == 200)
        return metricSamples(try await server.request("/metrics").text)
            .first { $0.name == "cairn_http_requests_total" && $0.labels["status"] == "200" && $0.labels["route"] != "/metrics" && $0.value >= 1 }?
            .labels["route"]
    }
}
