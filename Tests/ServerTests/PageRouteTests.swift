import Foundation
import Testing
import TestTier

/// The map page over HTTP: `/` and the files it names, Leaflet served from its installed files
/// (and nothing else from that directory), the catalog whose every URL answers, a proxy's path
/// prefix honoured. In process, but for what `cairn serve` logs when it starts. (The page at work
/// in a browser: scripts/test-browser.sh.)
@Suite struct PageRouteTests {
    /// Debian's libjs-leaflet, which `make test` installs.
    static let leaflet = "/usr/share/javascript/leaflet"

    private static func config(_ extra: String = "") -> String {
        CitiesDataset.config() + """
        cards: {image_source: {url: "file://\(repositoryRoot)/Samples/thumbnails/{id}.png"}}
        \(extra)
        """
    }

    @Test func thePageAndEveryFileItNamesAreServed() async throws {
        try await InProcessServer.with(config: Self.config()) { server throws in
            let page = try await server.request("/")
            #expect(page.status == 200)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(page.header("Cache-Control") == "no-cache")
            #expect(!page.text.contains("<base"), "no prefix, no <base>: the page's links stay relative to it")
            let etag = try #require(page.header("ETag"))
            #expect(try await server.request("/", headers: [("If-None-Match", etag)]).status == 304)

            let named = page.text.matches(of: /(?:src|href)="([^"#]+)"/).map { String($0.1) }
            #expect(Set(named) == ["assets/cairn/favicon.svg", "assets/leaflet/leaflet.css", "assets/cairn/cairn.css",
                                   "assets/leaflet/leaflet.min.js", "assets/cairn/cairn.js", "openapi.json", "catalog.json"])
            let types = ["svg": "image/svg+xml", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
                         "json": "application/json"]
            for path in named {
                let answer = try await server.request("/" + path)
                #expect(answer.status == 200, "\(path)")
                #expect(answer.header("Content-Type") == types[String(path.split(separator: ".").last!)], "\(path)")
                #expect(answer.body.count > 100, "\(path)")
            }
            #expect(try await server.request("/assets/cairn/error-tile.svg").text.contains("upstream error"))
            // The installed file itself, and the status line's hint in the page's script.
            let script = try await server.request("/assets/leaflet/leaflet.min.js")
            #expect(script.body == Array(try Data(contentsOf: URL(fileURLWithPath: Self.leaflet + "/leaflet.min.js"))))
            #expect(try await server.request("/assets/leaflet/images/layers.png").header("Content-Type") == "image/png")
        }
    }

    @Test func leafletIsSentGzippedToClientsThatAcceptIt() async throws {
        try await InProcessServer.with(config: Self.config()) { server throws in
            let gzipped = try await server.request("/assets/leaflet/leaflet.min.js", headers: [("Accept-Encoding", "br, gzip;q=0.8")])
            #expect(gzipped.header("Content-Encoding") == "gzip")
            #expect(gzipped.body == Array(try Data(contentsOf: URL(fileURLWithPath: Self.leaflet + "/leaflet.min.js.gz"))))
            #expect(gzipped.header("Vary") == "Accept-Encoding")
            let refused = try await server.request("/assets/leaflet/leaflet.min.js", headers: [("Accept-Encoding", "gzip;q=0")])
            #expect(refused.header("Content-Encoding") == nil)
            #expect(refused.header("ETag") == gzipped.header("ETag"))
            let revalidated = try await server.request("/assets/leaflet/leaflet.min.js", headers: [("If-None-Match", gzipped.header("ETag") ?? "")])
            #expect(revalidated.status == 304)
        }
    }

    @Test func nothingElseOfTheInstalledDirectoryOrTheDiskIsReachable() async throws {
        try await InProcessServer.with(config: Self.config()) { server throws in
            for target in ["/assets/leaflet/../../../etc/passwd", "/assets/leaflet/..%2F..%2F..%2Fetc%2Fpasswd",
                           "/assets/leaflet/images/..%2F..%2Fleaflet.js", "/assets/leaflet/.hidden.js",
                           "/assets/leaflet/leaflet.min.js.gz", "/assets/leaflet/images/a/b.png", "/assets/cairn/index.html",
                           "/assets/cairn/nothing.js", "/assets/leaflet/%2Fetc%2Fpasswd"] {
                let answer = try await server.request(target)
                #expect(answer.status == 404, "\(target): \(answer.status)")
                #expect(!answer.text.contains("root:"), "\(target)")
            }
        }
    }

    /// Behind a proxy that serves Cairn under `/maps/`, the page names the prefix in a `<base>`, so
    /// its relative links work whether it was opened as `/maps` or `/maps/`; TileJSON carries it too.
    @Test func aProxysPathPrefixIsHonoured() async throws {
        try await InProcessServer.with(config: Self.config()) { server throws in
            let page = try await server.request("/", headers: [("X-Forwarded-Prefix", "/maps/")])
            #expect(page.text.contains("<base href=\"/maps/\">"))
            #expect(page.header("Vary") == "X-Forwarded-Prefix")
            let hostile = try await server.request("/", headers: [("X-Forwarded-Prefix", "/maps\"><script>alert(1)</script>")])
            #expect(hostile.status == 200 && !hostile.text.contains("<base") && !hostile.text.contains("alert"))
            #expect(!(try await server.request("/", headers: [("X-Forwarded-Prefix", "/../x")]).text.contains("<base")))
            try await InProcessServer.with(config: Self.config("""
            layers:
              world: {source: {url: "file://\(repositoryRoot)/Tests/Fixtures/tiles/world/{z}/{x}/{y}.png", maxzoom: 4}}
            """).replacingOccurrences(of: "layers: {}\n", with: "")) { layered throws in
                let document = try await layered.request("/tiles/world.json", headers: [("X-Forwarded-Prefix", "/maps")])
                #expect(document.text.contains("http://localhost/maps/tiles/world/{z}/{x}/{y}.png"))  // the router test's host
                #expect(document.header("Vary")?.contains("X-Forwarded-Prefix") == true)

                try await InProcessServer.with(config: Self.config("server: {base_url: \"https://example.org/cairn/\"}")) { configured throws in
                    let fromConfig = try await configured.request("/", headers: [("X-Forwarded-Prefix", "/other")])
                    #expect(fromConfig.text.contains("<base href=\"/cairn/\">"), "the configured base URL wins")
                    #expect(fromConfig.header("Vary") == nil)
                }
            }
        }
    }

    /// Every URL template of `/catalog.json`, filled in, answers 200: the page builds everything from them.
    @Test func theCatalogListsWhatIsServedAndEveryURLAnswers() async throws {
        try await InProcessServer.with(config: Self.config("""
        layers:
          world: {source: {url: "file://\(repositoryRoot)/Tests/Fixtures/tiles/world/{z}/{x}/{y}.png", maxzoom: 4}, maxzoom: 8, attribution: "Natural Earth"}
          night: {source: {url: "file://\(repositoryRoot)/Tests/Fixtures/tiles/world/{z}/{x}/{y}.png", maxzoom: 4}, chain: [dark], format: webp, minzoom: 1}
        """).replacingOccurrences(of: "layers: {}\n", with: "")) { server throws in
            let answer = try await server.request("/catalog.json")
            #expect(answer.status == 200 && answer.header("Content-Type") == "application/json")
            let catalog = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
            let layers = try #require(catalog["layers"] as? [[String: Any]])
            #expect(layers.map { $0["name"] as? String } == ["world", "night"])
            #expect(layers[0]["attribution"] as? String == "Natural Earth" && layers[0]["maxzoom"] as? Int == 8)
            #expect(layers[1]["format"] as? String == "webp" && layers[1]["minzoom"] as? Int == 1)
            let datasets = try #require(catalog["datasets"] as? [[String: Any]])
            #expect(datasets.count == 1)
            let cities = datasets[0]
            #expect(cities["name"] as? String == "cities" && cities["points"] as? Int == 34_006 && cities["cards"] as? Bool == true)
            #expect(cities["style"] as? String == "google")
            #expect((cities["marker"] as? [String: Any])?["fill"] as? String == "#ff00ff")
            let badges = try #require(catalog["badges"] as? [String: Any])
            #expect(badges["styles"] as? [String] == ["google", "ios", "leaflet"])
            let cards = try #require(catalog["cards"] as? [String: Any])
            #expect(cards["themes"] as? [String] == ["dark", "light"])

            func fill(_ template: Any?) -> String { "/" + (template as? String ?? "?").replacingOccurrences(of: "{z}/{x}/{y}", with: "2/2/1") }
            var urls = layers.flatMap { [fill($0["tiles"]), fill($0["tilejson"])] }
            urls += layers.map { "/" + ($0["static"] as? String ?? "?").replacingOccurrences(of: "{lon},{lat},{zoom}", with: "10,50,2.5")
                .replacingOccurrences(of: "{width}x{height}", with: "300x200") }
            urls += [fill(cities["tiles"]), fill(cities["vector_tiles"]), fill(cities["clusters"]) + "?zoom=2&bbox=-10,35,30,60"]
            urls += (badges["styles"] as? [String] ?? []).map { "/" + (badges["url"] as? String ?? "?").replacingOccurrences(of: "{count}", with: "42") + "?style=\($0)" }
            urls.append("/" + (cards["url"] as? String ?? "?").replacingOccurrences(of: "{image_id}", with: "europe") + "?title=Caf%C3%A9&theme=dark")
            for url in urls {
                #expect(try await server.request(url).status == 200, "\(url)")
            }
        }
    }

    @Test func thePageCanBeTurnedOffAndAMissingLeafletIsNamed() async throws {
        try await InProcessServer.with(config: Self.config("page: {enabled: false}")) { off throws in
            for target in ["/", "/catalog.json", "/assets/cairn/cairn.js", "/assets/leaflet/leaflet.min.js"] {
                #expect(try await off.request(target).status == 404, "\(target)")
            }

            try await InProcessServer.with(config: Self.config("page: {leaflet: /nonexistent/leaflet}")) { missing throws in
                let script = try await missing.request("/assets/leaflet/leaflet.min.js")
                #expect(script.status == 404)
                #expect(script.text.contains("apt-get install libjs-leaflet"))
                #expect(try await missing.request("/").status == 200, "the page itself still explains what is missing")
            }
        }
    }

    /// `.process`: what `cairn serve` logs as it starts: the listening line links the page (not
    /// when the page is off), and a missing Leaflet is named.
    @Test(.process) func theListeningLineLinksThePageAndAMissingLeafletIsLogged() throws {
        let server = try ServerProcess(config: Self.config())
        #expect(server.log.contains("page=http://127.0.0.1:\(server.port)/"), "the listening line links the page")
        let off = try ServerProcess(config: Self.config("page: {enabled: false}"))
        #expect(off.log.contains("listening") && !off.log.contains("page="))
        let missing = try ServerProcess(config: Self.config("page: {leaflet: /nonexistent/leaflet}"))
        #expect(missing.log.contains("the map page needs Leaflet"))
    }
}
