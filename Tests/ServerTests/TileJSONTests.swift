import Foundation
import Testing

/// `GET /tiles/{layer}.json`: TileJSON 3.0.0 whose tile URLs are public ones — from `base_url`, else
/// from the reverse proxy's `X-Forwarded-Proto` / `X-Forwarded-Host`, else from `Host`. In process,
/// over the fixture tiles on disk.
@Suite struct TileJSONTests {
    /// The host of every request HummingbirdTesting's router framework makes.
    private static let host = "localhost"

    private func document(_ server: InProcessServer, headers: [(String, String)] = []) async throws -> [String: Any] {
        let answer = try await server.request("/tiles/world.json", headers: headers)
        #expect(answer.status == 200)
        #expect(answer.header("Content-Type") == "application/json")
        return try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
    }

    private func tiles(_ document: [String: Any]) -> [String] { document["tiles"] as? [String] ?? [] }

    @Test func linksFollowTheProxysForwardedHeaders() async throws {
        try await InProcessServer.with(config: TestConfig.world(layer: ["minzoom: 1", "maxzoom: 7", "attribution: \"© Test\""])) { server throws in
            let proxied = try await document(server, headers: [("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "maps.example.org")])
            #expect(tiles(proxied) == ["https://maps.example.org/tiles/world/{z}/{x}/{y}.png"])
            #expect(proxied["tilejson"] as? String == "3.0.0")
            #expect(proxied["name"] as? String == "world")
            #expect(proxied["minzoom"] as? Int == 1 && proxied["maxzoom"] as? Int == 7)
            #expect(proxied["attribution"] as? String == "© Test")
            #expect(proxied["scheme"] as? String == "xyz")

            let direct = try await document(server)
            #expect(tiles(direct) == ["http://\(Self.host)/tiles/world/{z}/{x}/{y}.png"])
            let chained = try await document(server, headers: [("X-Forwarded-Proto", "https, http"), ("X-Forwarded-Host", "a.example, b.example")])
            #expect(tiles(chained) == ["https://a.example/tiles/world/{z}/{x}/{y}.png"])
            let hostile = try await document(server, headers: [("X-Forwarded-Proto", "javascript"), ("X-Forwarded-Host", "evil.example/\"><script>")])
            #expect(tiles(hostile) == ["http://\(Self.host)/tiles/world/{z}/{x}/{y}.png"])
        }
    }

    /// Built from the request's headers, the document differs from host to host: it says so in
    /// `Vary`, so that a shared cache never hands one host's links to another.
    @Test func headerBuiltDocumentsVaryByHost() async throws {
        try await InProcessServer.with(config: TestConfig.world()) { server throws in
            let variants: [[(String, String)]] = [[], [("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "maps.example.org")]]
            for headers in variants {
                let answer = try await server.request("/tiles/world.json", headers: headers)
                #expect(answer.status == 200)
                let vary = Set((answer.header("Vary") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
                #expect(vary.isSuperset(of: ["host", "x-forwarded-host", "x-forwarded-proto"]), "Vary: \(answer.header("Vary") ?? "none")")
            }
        }
        try await InProcessServer.with(config: TestConfig.world(sections: "server: {base_url: \"https://cdn.example.com\"}")) { configured throws in
            // The same document for every host: it varies only by its gzip coding.
            #expect(try await configured.request("/tiles/world.json").header("Vary") == "Accept-Encoding")
        }
    }

    @Test func aConfiguredBaseURLWins() async throws {
        try await InProcessServer.with(config: TestConfig.world(layer: ["format: webp"], sections: "server: {base_url: \"https://cdn.example.com/maps/\"}")) { server throws in
            let document = try await document(server, headers: [("X-Forwarded-Proto", "http"), ("X-Forwarded-Host", "internal:8080")])
            #expect(tiles(document) == ["https://cdn.example.com/maps/tiles/world/{z}/{x}/{y}.webp"])
        }
    }

    @Test func unknownLayersHaveNoDocument() async throws {
        try await InProcessServer.with(config: TestConfig.world()) { server throws in
            for path in ["/tiles/nope.json", "/tiles/world", "/tiles/world.xml", "/tiles/.json"] {
                #expect(try await server.request(path).status == 404, "\(path)")
            }
        }
    }
}
