import Foundation
import Testing
import TestTier

/// Every JSON answer is gzipped for clients that accept it, as GeoJSON and vector tiles are:
/// TileJSON, the catalog, the OpenAPI document, a cluster's children, leaves and expansion zoom,
/// health and the admin API. `Content-Encoding: gzip`, `Vary: Accept-Encoding`, an ETag of its own
/// that If-None-Match matches (and the identity one does not); `gzip -dc` gives the identity bytes.
@Suite(.process) struct JSONGzipTests {
    @Test func everyJSONAnswerIsGzippedForClientsThatAcceptIt() throws {
        let server = try ServerProcess(config: try OpenAPIFixture.config(), environment: ["CAIRN_ADMIN_TOKEN": OpenAPIFixture.token])
        defer { server.kill() }
        let clusters = try server.request("/clusters/cities?zoom=2")
        let features = try #require((try JSONSerialization.jsonObject(with: Data(clusters.body)) as? [String: Any])?["features"] as? [[String: Any]])
        let ids = features.compactMap { ($0["properties"] as? [String: Any])?["cluster_id"] as? Int }
        let id = try #require(ids.first)
        let admin = [("Authorization", "Bearer \(OpenAPIFixture.token)")]
        let targets: [(String, [(String, String)], String)] = [
            ("/tiles/world.json", [], "application/json"), ("/catalog.json", [], "application/json"),
            ("/openapi.json", [], "application/json"), ("/clusters/cities/\(id)/children", [], "application/geo+json"),
            ("/clusters/cities/\(id)/leaves?limit=3", [], "application/geo+json"),
            ("/clusters/cities/\(id)/expansion-zoom", [], "application/json"), ("/health", [], "application/json"),
            ("/admin/jobs", admin, "application/json"),
        ]
        for (target, headers, type) in targets {
            let plain = try server.request(target, headers: headers)
            #expect(plain.status == 200 && plain.header("Content-Encoding") == nil && plain.header("Content-Type") == type, "\(target)")
            #expect(plain.header("Vary")?.hasPrefix("Accept-Encoding") == true, "\(target): \(plain.header("Vary") ?? "no Vary")")
            #expect((try? JSONSerialization.jsonObject(with: Data(plain.body))) != nil, "\(target)")
            let identityTag = try #require(plain.header("ETag"), "\(target)")
            let gzipped = try server.request(target, headers: headers + [("Accept-Encoding", "gzip, br")])
            #expect(gzipped.status == 200 && gzipped.header("Content-Encoding") == "gzip", "\(target)")
            #expect(gzipped.header("Content-Length") == String(gzipped.body.count), "\(target)")
            #expect(try gunzip(gzipped.body) == plain.body, "\(target)")
            let tag = try #require(gzipped.header("ETag"))
            #expect(tag != identityTag && tag.hasSuffix("-gzip\""), "\(target): \(tag)")
            if target != "/health" {  // its uptime changes every second
                // The cached gzipped form, byte for byte.
                #expect(try server.request(target, headers: headers + [("Accept-Encoding", "gzip")]).body == gzipped.body, "\(target)")
                let again = try server.request(target, headers: headers + [("Accept-Encoding", "gzip"), ("If-None-Match", tag)])
                #expect(again.status == 304 && again.body.isEmpty, "\(target)")
                #expect(try server.request(target, headers: headers + [("If-None-Match", identityTag)]).status == 304, "\(target)")
                #expect(try server.request(target, headers: headers + [("Accept-Encoding", "gzip"), ("If-None-Match", identityTag)]).status == 200,
                        "\(target): the identity ETag does not name the gzipped representation")
                let refused = try server.request(target, headers: headers + [("Accept-Encoding", "gzip;q=0, identity")])
                #expect(refused.header("Content-Encoding") == nil && refused.header("ETag") == identityTag, "\(target)")
            }
        }
        // TileJSON's links come from the request's host: its Vary names those headers too.
        #expect(try server.request("/tiles/world.json").header("Vary") == "Accept-Encoding, Host, X-Forwarded-Host, X-Forwarded-Proto, X-Forwarded-Prefix")
    }
}
