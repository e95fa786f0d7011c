import CairnServer
import Foundation
import Testing
import TestTier

/// What a configuration that says little gets: loopback, a cache in the user's cache directory, and
/// a warning when nothing at all is configured.
@Suite struct ServerDefaultsTests {
    @Test func anEmptyConfigurationListensOnLoopbackAndCachesInTheUsersCacheDirectory() throws {
        let config = try ServerConfig(yaml: "", environment: ["HOME": "/home/ana"])
        #expect(config.server.host == "127.0.0.1")
        #expect(config.server.port == 8080)
        #expect(config.cache.directory == "/home/ana/.cache/cairn/tiles")
        #expect(try ServerConfig(yaml: "", environment: ["HOME": "/home/ana", "XDG_CACHE_HOME": "/var/tmp/ana"]).cache.directory
                == "/var/tmp/ana/cairn/tiles")
        #expect(try ServerConfig(yaml: "", environment: [:]).cache.directory == "/var/cache/cairn/tiles")
    }

    @Test func theFileAndTheEnvironmentChooseTheAddress() throws {
        #expect(try ServerConfig(yaml: "server: {host: 0.0.0.0}").server.host == "0.0.0.0")
        var config = try ServerConfig(yaml: "")
        try config.applyEnvironment(["CAIRN_HOST": "::"])
        #expect(config.server.host == "::")
    }

    @Test func nothingConfiguredIsWarnedAbout() throws {
        let source = "source: {url: \"file://tiles/{z}/{x}/{y}.png\"}"
        #expect(try ServerConfig(yaml: "").nothingConfiguredWarning
                == "nothing is configured (no layers, no datasets): serving only badges, cards, an empty map page, /health and /metrics")
        #expect(try ServerConfig(yaml: "layers: {}\npage: {enabled: false}").nothingConfiguredWarning
                == "nothing is configured (no layers, no datasets): serving only badges, cards, /health and /metrics")
        #expect(try ServerConfig(yaml: "layers: {osm: {\(source)}}").nothingConfiguredWarning == nil)
    }
}

/// `cairn serve` with an empty configuration and no address: loopback, and one warning.
@Suite(.process) struct EmptyConfigurationServeTests {
    @Test func anEmptyConfigurationServesOnLoopbackWithOneWarning() throws {
        // No --host: ServerProcess waits for `url=http://127.0.0.1:…`, so it starts only on loopback.
        let server = try ServerProcess(config: "", environment: ["CAIRN_PORT": "0"], address: [])
        let warnings = server.log.split(separator: "\n").filter { $0.contains(" warning nothing is configured ") }
        #expect(warnings.count == 1, "\(server.log)")
        #expect(server.log.contains("cache=\(server.cacheDirectory)"), "the listening line names the cache directory: \(server.log)")
        #expect(try server.request("/badges/12.png").status == 200)
    }
}
