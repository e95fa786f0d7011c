import Foundation
import Testing
import TestTier

/// `GET /openapi.json` as a client gets it: a JSON document whose every parameter has a schema,
/// every path parameter is declared, every `$ref` resolves; the configuration's layers and datasets
/// as enums, its signed routes with `sig`/`exp` and 403, its path prefix as the server; answered
/// like the other JSON answers (ETag, 304, gzip).
@Suite struct OpenAPIDocumentTests {
    private func walk(_ value: Any, at path: String, _ visit: (Any, String) -> Void) {
        visit(value, path)
        if let object = value as? [String: Any] {
            for (key, member) in object { walk(member, at: path + "/" + key, visit) }
        } else if let array = value as? [Any] {
            for (index, member) in array.enumerated() { walk(member, at: path + "/\(index)", visit) }
        }
    }

    /// The value a local `$ref` (`#/components/…`) points to.
    private func resolve(_ reference: String, in document: [String: Any]) -> Any? {
        guard reference.hasPrefix("#/") else { return nil }
        var value: Any? = document
        for key in reference.dropFirst(2).split(separator: "/") { value = (value as? [String: Any])?[String(key)] }
        return value
    }

    @Test func theDocumentIsCompleteAndItsReferencesResolve() async throws {
        try await InProcessServer.with(config: try OpenAPIFixture.config(), environment: ["CAIRN_ADMIN_TOKEN": OpenAPIFixture.token]) { server throws in
            let document = try await OpenAPIFixture.document(server)
            #expect(document["openapi"] as? String == "3.1.0")
            #expect((document["servers"] as? [[String: String]])?.first?["url"] == "/")

            var references = 0
            walk(document, at: "#") { value, path in
                guard let reference = (value as? [String: Any])?["$ref"] as? String else { return }
                references += 1
                #expect(resolve(reference, in: document) != nil, "\(path): \(reference) does not resolve")
            }
            #expect(references > 50)

            let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
            let expected = ["/tiles/{layer}/{z}/{x}/{y}.{ext}", "/tiles/{layer}/{z}/{x}/{y}@2x.{ext}", "/tiles/{layer}.json",
                            "/badges/{count}.png", "/cards/{image_id}.png", "/cards.png", "/clusters/{dataset}",
                            "/clusters/{dataset}/{id}/children", "/clusters/{dataset}/{id}/leaves", "/clusters/{dataset}/{id}/expansion-zoom",
                            "/clusters/{dataset}/{z}/{x}/{y}.mvt", "/clusters/{dataset}/{z}/{x}/{y}.{ext}", "/clusters/{dataset}/{z}/{x}/{y}@2x.{ext}",
                            "/clusters/{dataset}/points/{id}/card.png", "/static/{layer}/{lon},{lat},{zoom}/{width}x{height}.{ext}",
                            "/static/{layer}/{west},{south},{east},{north}/{width}x{height}@2x.{ext}", "/catalog.json", "/", "/health",
                            "/metrics", "/openapi.json", "/admin/cache", "/admin/cache/{layer}", "/admin/cache/{layer}/seed", "/admin/jobs/{id}",
                            "/admin/datasets/{name}/refresh"]
            #expect(Set(expected).subtracting(paths.keys).isEmpty, "missing: \(Set(expected).subtracting(paths.keys).sorted())")

            for (path, operations) in paths {
                let named = Set(path.matches(of: /\{([A-Za-z_]+)\}/).map { String($0.1) })
                for (method, operation) in operations {
                    let parameters = ((operation["parameters"] as? [Any]) ?? []).compactMap { parameter -> [String: Any]? in
                        if let reference = (parameter as? [String: Any])?["$ref"] as? String { return resolve(reference, in: document) as? [String: Any] }
                        return parameter as? [String: Any]
                    }
                    for parameter in parameters {
                        #expect(parameter["schema"] is [String: Any], "\(method) \(path): \(parameter["name"] ?? "?") has no schema")
                    }
                    let inPath = Set(parameters.filter { $0["in"] as? String == "path" }.compactMap { $0["name"] as? String })
                    #expect(inPath == named, "\(method) \(path): path parameters \(inPath.sorted()) for \(named.sorted())")
                    let responses = try #require(operation["responses"] as? [String: Any], "\(method) \(path)")
                    #expect(responses.keys.contains { $0.hasPrefix("2") }, "\(method) \(path): no success answer")
                    #expect(!responses.keys.contains("500") && !responses.keys.contains("default"), "\(method) \(path)")
                    let isAdmin = path.hasPrefix("/admin/")
                    #expect((operation["security"] != nil) == isAdmin && (responses["401"] != nil) == isAdmin, "\(method) \(path)")
                }
            }

            // The configuration, as enums and ranges.
            let tile = try #require(paths["/tiles/{layer}/{z}/{x}/{y}.{ext}"]?["get"]?["parameters"] as? [[String: Any]])
            let layer = try #require(tile.first { $0["name"] as? String == "layer" }?["schema"] as? [String: Any])
            #expect(layer["enum"] as? [String] == ["world", "world-blink", "world-grid"])
            let frame = try #require(tile.first { $0["name"] as? String == "frame" }?["schema"] as? [String: Any])
            #expect(frame["maximum"] as? Int == 1)
            let badge = try #require(paths["/badges/{count}.png"]?["get"]?["parameters"] as? [[String: Any]])
            #expect((badge.first { $0["name"] as? String == "style" }?["schema"] as? [String: Any])?["enum"] as? [String] == ["brand", "google", "ios", "leaflet"])
            #expect((badge.first { $0["name"] as? String == "scale" }?["schema"] as? [String: Any])?["maximum"] as? Int == 2)
            let leaves = try #require(paths["/clusters/{dataset}/{id}/leaves"]?["get"]?["parameters"] as? [[String: Any]])
            #expect((leaves.first { $0["name"] as? String == "dataset" }?["schema"] as? [String: Any])?["enum"] as? [String] == ["cities"])
            #expect((leaves.first { $0["name"] as? String == "limit" }?["schema"] as? [String: Any])?["maximum"] as? Int == 100_000)
            let fitted = try #require(paths["/static/{layer}/{west},{south},{east},{north}/{width}x{height}.{ext}"]?["get"]?["parameters"] as? [[String: Any]])
            #expect((fitted.first { $0["name"] as? String == "width" }?["schema"] as? [String: Any])?["maximum"] as? Int == 512)
            // Nothing is signed here.
            #expect(!String(decoding: try await server.request("/openapi.json").body, as: UTF8.self).contains("#/components/parameters/sig"))
        }
    }

    @Test func signedRoutesTakeSigAndExpAndMayAnswer403() async throws {
        let keys = try SignedURLTests.keysFile([SignedURLTests.firstKey])
        try await InProcessServer.with(config: try OpenAPIFixture.config(extra: "security: {signing: {keys_file: \"\(keys)\", routes: [tiles, clusters]}}")) { server throws in
            let paths = try #require(try await OpenAPIFixture.document(server)["paths"] as? [String: [String: [String: Any]]])
            func signed(_ path: String) -> Bool {
                let operation = paths[path]?["get"] ?? [:]
                let names = ((operation["parameters"] as? [[String: Any]]) ?? []).compactMap { $0["$ref"] as? String }
                let forbidden = (operation["responses"] as? [String: Any])?["403"] != nil
                #expect(names.contains("#/components/parameters/sig") == forbidden && names.contains("#/components/parameters/exp") == forbidden, "\(path)")
                return forbidden
            }
            #expect(signed("/tiles/{layer}/{z}/{x}/{y}@2x.{ext}") && signed("/clusters/{dataset}/{id}/leaves"))
            #expect(signed("/clusters/{dataset}/points/{id}/card.png"), "a point's card is in clusters and cards")
            #expect(!signed("/tiles/{layer}.json") && !signed("/badges/{count}.png") && !signed("/static/{layer}/{lon},{lat},{zoom}/{width}x{height}.{ext}"))
            #expect(!paths.keys.contains { $0.hasPrefix("/admin") }, "no admin token, no admin API")
            // The documented answer is the one the server gives.
            #expect(try await server.request("/tiles/world/0/0/0.png").status == 403)
        }
    }

    @Test func theServerIsThePathPrefixOrTheConfiguredBaseURL() async throws {
        try await InProcessServer.with(config: try OpenAPIFixture.config()) { server throws in
            let prefixed = try await OpenAPIFixture.document(server, headers: [("X-Forwarded-Prefix", "/maps/")])
            #expect((prefixed["servers"] as? [[String: String]])?.first?["url"] == "/maps")
            let hostile = try await OpenAPIFixture.document(server, headers: [("X-Forwarded-Prefix", "/\"><script>")])
            #expect((hostile["servers"] as? [[String: String]])?.first?["url"] == "/")
            #expect(try await server.request("/openapi.json").header("Vary") == "Accept-Encoding, X-Forwarded-Prefix")

            try await InProcessServer.with(config: try OpenAPIFixture.config(extra: "").replacingOccurrences(
                of: "server:\n", with: "server:\n  base_url: \"https://example.org/cairn\"\n")) { configured throws in
                let document = try await OpenAPIFixture.document(configured, headers: [("X-Forwarded-Prefix", "/maps")])
                #expect((document["servers"] as? [[String: String]])?.first?["url"] == "https://example.org/cairn")
                #expect(try await configured.request("/openapi.json").header("Vary") == "Accept-Encoding")
            }
        }
    }

    @Test func theDocumentIsAnsweredLikeEveryJSONAnswer() async throws {
        try await InProcessServer.with(config: try OpenAPIFixture.config()) { server throws in
            let plain = try await server.request("/openapi.json")
            #expect(plain.status == 200 && plain.header("Content-Type") == "application/json")
            #expect(plain.header("Cache-Control") == "public, max-age=60")
            #expect(plain.header("Content-Length") == String(plain.body.count))
            let tag = try #require(plain.header("ETag"))
            let again = try await server.request("/openapi.json")
            #expect(again.body == plain.body && again.header("ETag") == tag, "the same bytes every time")
            let notModified = try await server.request("/openapi.json", headers: [("If-None-Match", tag)])
            #expect(notModified.status == 304 && notModified.body.isEmpty && notModified.header("ETag") == tag)
            let head = try await server.request("/openapi.json", method: "HEAD")
            #expect(head.status == 200 && head.body.isEmpty && head.header("ETag") == tag)
        }
    }
}
