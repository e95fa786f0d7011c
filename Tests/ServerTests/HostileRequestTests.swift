import Foundation
import Testing
import TestTier
import TestUpstream

/// Absurd and hostile requests get a 4xx — never a 5xx, never a file outside the cache — and the
/// server keeps serving.
@Suite(.process) struct HostileRequestTests {
    private static let long = String(repeating: "a", count: 10_000)

    private let hostile = [
        "/tiles/x/99999999999999/1/1.png",
        "/tiles/world/99999999999999/1/1.png",
        "/tiles/world/3/99999999999/1.png",
        "/tiles/world/1/1/../../etc/passwd",
        "/tiles/world/1/../../../../etc/passwd.png",
        "/tiles/world/%2e%2e/%2e%2e/1.png",
        "/tiles/world/1/1/%00.png",
        "/tiles/world/1/1/1.png%00.png",
        "/tiles/world/1/1/1@3x.png",
        "/tiles/world/1/1/1.PNG",
        "/tiles/world/0/0/0.png.meta",
        "/tiles/\(long)/1/1/1.png",
        "/tiles/\(long).json",
        "/tiles/world/1/1/9.png?\(long)",
        "/tiles/world.json/../../../etc/passwd",
        "/badges/1e9.png",
        "/badges/%00.png",
        "/badges/42.png?\(long)",
        "/badges/42.png?scale=99999999999999999999999",
        "/badges/42.png?style=%00",
        "/badges/42.png?style=../../../etc/passwd",
        "/badges/../../etc/passwd",
        "/cards/%2e%2e%2f%2e%2e%2fetc%2fpasswd.png?title=x",
        "/cards/x.png?title=\(long)",
        "/cards/x.png?title=x&subtitle=\(String(repeating: "%F0%9F%98%80", count: 300))",
        "//etc/passwd",
        "/\(long)",
        "/metrics/../../etc/passwd",
    ]

    @Test func aBurstOfAbsurdRequestsGets4xxOnly() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream, layer: ["maxzoom: 4"]))
        var seen: [(String, Int)] = []
        for path in hostile {
            let answer = try server.request(path)
            seen.append((path, answer.status))
            #expect((400..<500).contains(answer.status), "\(path.prefix(100)): \(answer.status) \(answer.text.prefix(200))")
            #expect(!answer.text.contains("root:"))
        }
        for (method, path) in [("DELETE", "/tiles/world/1/1/1.png"), ("PUT", "/badges/42.png"), ("POST", "/badges/42.png"),
                               ("GET", "/cards.png"), ("PATCH", "/health")] {
            let answer = try server.request(path, method: method)
            #expect((400..<500).contains(answer.status), "\(method) \(path): \(answer.status)")
        }
        // The same burst all at once.
        let burst = concurrently(hostile.count) { [hostile] in try server.request(hostile[$0]).status }
        #expect(burst.allSatisfy { (try? $0.get()).map { (400..<500).contains($0) } == true }, "\(burst)")

        #expect(try server.request("/health").status == 200)
        #expect(try server.request("/tiles/world/1/1/1.png").status == 200)
        #expect(try server.metric("cairn_http_requests_total").map { $0 > Double(2 * hostile.count) } == true)
        let serverErrors = metricSamples(try server.request("/metrics").text)
            .filter { $0.name == "cairn_http_requests_total" && $0.labels["status"]?.hasPrefix("5") == true }
        #expect(serverErrors == [])
        // Only the config file and the cache, and in the cache only the one good tile.
        #expect(try FileManager.default.contentsOfDirectory(atPath: server.directory).sorted() == ["cache", "cairn.yml"])
        #expect(files(under: server.cacheDirectory) == ["world/1/1/1.png", "world/1/1/1.png.meta"])
        #expect(upstream.totalRequests == 1)
    }

    @Test func garbageOnTheWireDoesNotHurtTheServer() throws {
        let server = try ServerProcess(config: "layers: {}")
        for junk in ["HELLO\r\n\r\n", "GET /health HTTP/9.9\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
                     "GET /health HTTP/1.1\r\n" + String(repeating: "X-Filler: \(String(repeating: "z", count: 1000))\r\n", count: 200) + "\r\n"] {
            _ = try? HTTPClient.exchange(Array(junk.utf8), port: server.port, timeout: 2)
        }
        #expect(try server.request("/health").status == 200)
        #expect(!server.log.contains("Fatal error"))
    }
}
