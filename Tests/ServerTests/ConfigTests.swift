import Codecs
import Testing
@testable import CairnServer

/// `ServerConfig(yaml:)`: units, defaults, environment overrides, and errors that name their path.
@Suite struct ConfigTests {
    /// The problem `yaml` is refused with, as `path: problem`.
    private func refusal(_ yaml: String) -> String? {
        do {
            _ = try ServerConfig(yaml: yaml)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func durationsTakeUnits() throws {
        let config = try ServerConfig(yaml: """
            server: {shutdown_grace: 500ms}
            cache: {ttl: 7d}
            layers:
              a: {source: {url: "http://tiles.example/{z}/{x}/{y}.png", timeout: 5s, connect_timeout: 1.5}}
            """)
        #expect(config.server.shutdownGrace == 0.5)
        #expect(config.cache.ttl == 7 * 86400)
        #expect(config.layers[0].source.http.timeout == 5)
        #expect(config.layers[0].source.http.connectTimeout == 1.5)
        #expect(try ServerConfig(yaml: "cache: {ttl: 10m}").cache.ttl == 600)
        #expect(try ServerConfig(yaml: "cache: {ttl: 2h}").cache.ttl == 7200)
        #expect(try ServerConfig(yaml: "cache: {ttl: 1w}").cache.ttl == 604_800)
    }

    @Test func connectionLimitsHaveNginxLikeDefaultsAndAreRead() throws {
        let defaults = try ServerConfig(yaml: "server: {}").server
        #expect(defaults.headerTimeout == 10 && defaults.idleTimeout == 60 && defaults.maxConnections == 4096)
        let set = try ServerConfig(yaml: "server: {header_timeout: 2500ms, idle_timeout: 5m, max_connections: 100}").server
        #expect(set.headerTimeout == 2.5 && set.idleTimeout == 300 && set.maxConnections == 100)
    }

    @Test func sizesTakeDecimalAndBinaryUnits() throws {
        #expect(try ServerConfig(yaml: "cache: {max_size: 8MB}").cache.maxSize == 8_000_000)
        #expect(try ServerConfig(yaml: "cache: {max_size: 2GB}").cache.maxSize == 2_000_000_000)
        #expect(try ServerConfig(yaml: "cache: {max_size: 512KiB}").cache.maxSize == 524_288)
        #expect(try ServerConfig(yaml: "cache: {max_size: 60kB}").cache.maxSize == 60_000)
        #expect(try ServerConfig(yaml: "cache: {max_size: 4096}").cache.maxSize == 4096)
        #expect(try ServerConfig(yaml: "server: {max_body: 1MiB}").server.maxBodyBytes == 1_048_576)
        let limited = try ServerConfig(yaml: """
            limits: {max_upstream_bytes: 2kB}
            layers: {a: {source: {url: "http://tiles.example/{z}/{x}/{y}.png"}}}
            """)
        #expect(limited.limits.maxUpstreamBytes == 2000)
        #expect(limited.layers[0].source.http.maximumBodyBytes == 2000)  // the layer's fetcher gets the limit
    }

    @Test func layersKeepTheirOrderAndSettings() throws {
        let config = try ServerConfig(yaml: """
            layers:
              zeta:
                source: {url: "http://tiles.example/{z}/{x}/{y}.png", maxzoom: 4, retries: 1, headers: {User-Agent: test/1, X-Key: k}}
                chain: [{mosaic: {cells: 4}}, grid]
                format: webp
                minzoom: 2
                maxzoom: 9
              alpha: {source: {url: "http://tiles.example/{z}/{x}/{y}.png"}}
            """)
        #expect(config.layers.map(\.name) == ["zeta", "alpha"])
        let zeta = try #require(config.layer("zeta"))
        #expect(zeta.format == .webp && zeta.minzoom == 2 && zeta.maxzoom == 9)
        #expect(zeta.chain.renderers.count == 2)
        #expect(zeta.source.maxzoom == 4 && zeta.source.http.retries == 1)
        #expect(zeta.source.http.userAgent == "test/1" && zeta.source.http.headers == ["X-Key": "k"])
        #expect(config.layer("alpha")?.maxzoom == 22)
    }

    @Test func relativePathsAreTakenFromTheFilesDirectory() throws {
        let config = try ServerConfig(yaml: """
            cache: {dir: ../cache}
            layers: {a: {source: {url: "file://tiles/{z}/{x}/{y}.png"}}}
            cards: {image_source: {url: "file://thumbnails/{id}.png"}}
            """, directory: "/srv/cairn/etc")
        #expect(config.cache.directory == "/srv/cairn/etc/../cache")
        #expect(config.layers[0].source.url == "file:///srv/cairn/etc/tiles/{z}/{x}/{y}.png")
        #expect(config.cards.imageSource == "file:///srv/cairn/etc/thumbnails/{id}.png")
    }

    @Test func theSampleConfigurationLoads() throws {
        let config = try ServerConfig.load(path: repositoryRoot + "/Samples/cairn.yml")
        #expect(config.layers.map(\.name) == ["world-mosaic", "world", "world-dark"])
        #expect(config.layer("world-dark")?.format == .webp)
        #expect(config.cache.maxSize == 500_000_000 && config.cache.ttl == 7 * 86400)
        #expect(config.badges.styles["brand"] != nil && config.badges.defaultStyle == "google")
    }

    @Test func environmentOverridesHostPortAndCacheDirectory() throws {
        var config = try ServerConfig(yaml: "server: {host: 0.0.0.0, port: 8080}\ncache: {dir: /var/cache/a}")
        try config.applyEnvironment(["CAIRN_HOST": "127.0.0.1", "CAIRN_PORT": "9000", "CAIRN_CACHE_DIR": "/tmp/c", "HOME": "/root"])
        #expect(config.server.host == "127.0.0.1" && config.server.port == 9000 && config.cache.directory == "/tmp/c")
        try config.applyEnvironment(["CAIRN_HOST": "", "CAIRN_PORT": ""])  // empty means unset
        #expect(config.server.host == "127.0.0.1" && config.server.port == 9000)
        for port in ["http", "70000", "-1"] {
            #expect(throws: ConfigError.self) { try config.applyEnvironment(["CAIRN_PORT": port]) }
        }
        #expect(throws: ConfigError("CAIRN_PORT", "'http' is not a port")) { try config.applyEnvironment(["CAIRN_PORT": "http"]) }
        #expect(config.server.port == 9000)
    }

    /// `cors: null` must mean "no CORS headers" (nil), as `base_url: null` means "no base URL".
    @Test func corsCanBeSwitchedOff() throws {
        #expect(try ServerConfig(yaml: "server: {cors: \"https://app.example\"}").server.cors == "https://app.example")
        #expect(try ServerConfig(yaml: "server: {}").server.cors == "*")
        #expect(try ServerConfig(yaml: "server: {cors: null}").server.cors == nil)
    }

    @Test func errorsNameTheirPath() {
        let source = "source: {url: \"http://tiles.example/{z}/{x}/{y}.png\"}"
        let cases: [(String, String)] = [
            ("layers:\n  osm:\n    \(source)\n    chain: [grid, {mosaic: {cells: many}}]", "layers.osm.chain[1].mosaic.cells: "),
            ("server: {prot: 80}", "server.prot: unknown key"),
            ("cache: {ttl: soon}", "cache.ttl: 'soon' is not a duration"),
            ("cache: {ttl: -5s}", "cache.ttl: "),
            ("cache: {max_size: huge}", "cache.max_size: 'huge' is not a size"),
            ("server: {max_body: 12XB}", "server.max_body: "),
            ("server: {port: 99999}", "server.port: 99999 is not in 0…65535"),
            ("server: {queue: 0}", "server.queue: "),
            ("layers: {osm: {source: {maxzoom: 3}}}", "layers.osm.source.url: every source needs a url"),
            ("layers: {osm: {maxzoom: 3}}", "layers.osm.source: every layer needs a source"),
            ("layers: {osm: {source: {url: \"ftp://x/{z}/{x}/{y}.png\"}}}", "layers.osm.source.url: "),
            ("layers: {osm: {\(source), format: gif}}", "layers.osm.format: expected png, jpeg or webp"),
            ("layers: {osm: {\(source), minzoom: 9, maxzoom: 3}}", "layers.osm.minzoom: "),
            ("layers: {\"os m\": {\(source)}}", "layers.os m: names may use only"),
            ("badges: {default_style: nope}", "badges.default_style: no style 'nope'"),
            ("cards: {image_source: {url: \"http://img.example/thumb.png\"}}", "cards.image_source.url: the template needs {id}"),
            ("limits: {max_scale: 9}", "limits.max_scale: "),
            ("sever: {port: 80}", "sever: unknown key"),
            ("cache: {max_size: 1e30GB}", "cache.max_size: '1e30GB' is not in 0…9223372036854775807 bytes"),
            ("cache: {ttl: 1e400s}", "cache.ttl: '1e400s' is not in 0…315360000 seconds"),
            ("cache: {ttl: nan}", "cache.ttl: 'nan' is not a duration"),
        ]
        for (yaml, expected) in cases {
            let problem = refusal(yaml)
            #expect(problem?.hasPrefix(expected) == true, "\(yaml)\n→ \(problem ?? "accepted")")
        }
    }
}
