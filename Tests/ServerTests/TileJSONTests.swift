import Foundation
import Testing
import TestTier
import TestUpstream

/// `GET /tiles/{layer}.json`: TileJSON 3.0.0 whose tile URLs are public ones — from `base_url`, else
/// from the reverse proxy's `X-Forwarded-Proto` / `X-Forwarded-Host`, else from `Host`.
@Suite(.process) struct TileJSONTests {
    private let upstream: TestUpstream

    init() throws {
        upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
    }

    private func document(_ server: ServerProcess, headers: [(String, String)] = []) throws -> [String: Any] {
        let answer = try server.request("/tiles/world.json", headers: headers)
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "application/json")
        return try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
    }

    private func tiles(_ document: [String: Any]) -> [String] { document["tiles"] as? [String] ?? [] }

    @Test func linksFollowTheProxysForwardedHeaders() throws {
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream, layer: ["minzoom: 1", "maxzoom: 7", "attribution: \"© Test\""]))
        let proxied = try document(server, headers: [("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "maps.example.org")])
        #expect(tiles(proxied) == ["https://maps.example.org/tiles/world/{z}/{x}/{y}.png"])
        #expect(proxied["tilejson"] as? String == "3.0.0")
        #expect(proxied["name"] as? String == "world")
        #expect(proxied["minzoom"] as? Int == 1 && proxied["maxzoom"] as? Int == 7)
        #expect(proxied["attribution"] as? String == "© Test")
        #expect(proxied["scheme"] as? String == "xyz")

        let direct = try document(server)
        #expect(tiles(direct) == ["http://127.0.0.1:\(server.port)/tiles/world/{z}/{x}/{y}.png"])
        let chained = try document(server, headers: [("X-Forwarded-Proto", "https, http"), ("X-Forwarded-Host", "a.example, b.example")])
        #expect(tiles(chained) == ["https://a.example/tiles/world/{z}/{x}/{y}.png"])
        let hostile = try document(server, headers: [("X-Forwarded-Proto", "javascript"), ("X-Forwarded-Host", "evil.example/\"><script>")])
        #expect(tiles(hostile) == ["http://127.0.0.1:\(server.port)/tiles/world/{z}/{x}/{y}.png"])
    }

    /// Built from the request's headers, the document differs from host to host: it says so in
    /// `Vary`, so that a shared cache never hands one host's links to another.
    @Test func headerBuiltDocumentsVaryByHost() throws {
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream))
        let variants: [[(String, String)]] = [[], [("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "maps.example.org")]]
        for headers in variants {
            let answer = try server.request("/tiles/world.json", headers: headers)
            #expect(answer.status == 200)
            let vary = Set((answer.header("Vary") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
            #expect(vary.isSuperset(of: ["host", "x-forwarded-host", "x-forwarded-proto"]), "Vary: \(answer.header("Vary") ?? "none")")
        }
        let configured = try ServerProcess(config: TestConfig.world(upstream, sections: "server: {base_url: \"https://cdn.example.com\"}"))
        // The same document for every host: it varies only by its gzip coding.
        #expect(try configured.request("/tiles/world.json").header("Vary") == "Accept-Encoding")
    }

    @Test func aConfiguredBaseURLWins() throws {
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream, layer: ["format: webp"],
                                                                sections: "server: {base_url: \"https://cdn.example.com/maps/\"}"))
        let document = try document(server, headers: [("X-Forwarded-Proto", "http"), ("X-Forwarded-Host", "internal:8080")])
        #expect(tiles(document) == ["https://cdn.example.com/maps/tiles/world/{z}/{x}/{y}.webp"])
    }

    @Test func unknownLayersHaveNoDocument() throws {
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream))
        for path in ["/tiles/nope.json", "/tiles/world", "/tiles/world.xml", "/tiles/.json"] {
            #expect(try server.request(path).status == 404, "\(path)")
        }
    }
}
