import Foundation
import Testing
import TestTier
import TestUpstream

/// The request log: one line per request with method, path, route, status, duration and cache
/// status, as `key=value` text or as JSON lines, filtered by `--log-level`.
@Suite(.process) struct RequestLogTests {
    @Test func textLinesCarryRouteStatusDurationAndCacheStatus() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream))
        #expect(try server.request("/tiles/world/2/2/1.png").status == 200)
        #expect(try server.request("/tiles/world/2/2/1.png").status == 200)
        #expect(try server.request("/tiles/world/9/0/0.png").status == 404)

        let lines = try #require(eventually { requestLines(server.log).count == 3 } ? requestLines(server.log) : nil)
        for line in lines {
            #expect(line.contains(" info request ") && line.contains("method=GET") && line.contains("route=/tiles/"))
            #expect(line.firstMatch(of: /\sms=\d+(\.\d+)?(\s|$)/) != nil, "no duration in \(line)")
        }
        #expect(lines[0].contains("path=/tiles/world/2/2/1.png") && lines[0].contains("status=200"))
        #expect(lines[0].contains("cache=\"cairn; fwd=miss; stored\""))
        #expect(lines[1].contains("status=200") && lines[1].contains("cache=\"cairn; hit\""))
        #expect(lines[2].contains("path=/tiles/world/9/0/0.png") && lines[2].contains("status=404") && !lines[2].contains("cache="))
    }

    @Test func jsonLinesAreOneObjectEach() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream), arguments: ["--log-format", "json"])
        #expect(try server.request("/tiles/world/2/2/1.png").status == 200)
        #expect(eventually { server.log.contains("\"message\":\"request\"") })

        let objects = try server.log.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
        #expect(objects.contains { $0["message"] as? String == "listening" && $0["level"] as? String == "notice" })
        let request = try #require(objects.first { $0["message"] as? String == "request" })
        #expect(request["level"] as? String == "info" && request["method"] as? String == "GET" && request["path"] as? String == "/tiles/world/2/2/1.png")
        #expect(request["status"] as? Int == 200 && request["cache"] as? String == "cairn; fwd=miss; stored")
        #expect((request["route"] as? String)?.hasPrefix("/tiles/") == true && request["ms"] is NSNumber)
        #expect((request["time"] as? String)?.firstMatch(of: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z$/) != nil)
    }

    @Test func levelHidesSuccessesButKeepsUpstreamFailures() throws {
        let upstream = try TestUpstream { request in request.path == "/2/0/0.png" ? .status(500) : FixtureTiles.reply(for: request.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream), arguments: ["--log-level", "notice"])
        #expect(try server.request("/tiles/world/2/2/1.png").status == 200)
        #expect(try server.request("/tiles/world/2/0/0.png").status == 502)
        #expect(eventually { requestLines(server.log).count == 1 })
        let lines = requestLines(server.log)
        #expect(lines.count == 1 && lines[0].contains(" warning request ") && lines[0].contains("status=502"))
    }

    private func requestLines(_ log: String) -> [String] {
        log.split(separator: "\n").map(String.init).filter { $0.contains(" request ") }
    }
}
