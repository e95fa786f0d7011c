import Foundation
import Testing
import TestTier

/// `cairn serve` with a bad configuration: one `error:` line naming the file and the path in it,
/// exit 64, and nothing listening.
@Suite(.process) struct ConfigErrorTests {
    private static let source = "source: {url: \"http://127.0.0.1:9/{z}/{x}/{y}.png\"}"

    @Test(arguments: [
        ("layers:\n  osm:\n    \(source)\n    chain: [grid, {mosaic: {cells: 2.5}}]", "layers.osm.chain[1].mosaic.cells"),
        ("server: {prot: 8080}", "server.prot"),
        ("layers: {osm: {source: {maxzoom: 3}}}", "layers.osm.source.url"),
        ("cache: {ttl: soon}", "cache.ttl"),
        ("cache: {max_size: 3 elephants}", "cache.max_size"),
        ("layers: {osm: {\(source), maxzoom: 40}}", "layers.osm.maxzoom"),
        ("layers: [osm]", "layers"),
        ("server: {port: [1, 2]}", "server.port"),
        // Numbers that overflow or are out of range: an error line, never a trap.
        ("cache: {max_size: 1e30GB}", "cache.max_size"),
        ("cache: {max_size: 9223372036854775807B}", "cache.max_size"),
        ("cache: {max_size: -5MB}", "cache.max_size"),
        ("cache: {memory_size: 1e300TiB}", "cache.memory_size"),
        ("cache: {ttl: 1e400s}", "cache.ttl"),
        ("cache: {ttl: 1e300s}", "cache.ttl"),
        ("cache: {ttl: -1s}", "cache.ttl"),
        ("server: {shutdown_grace: 1e18d}", "server.shutdown_grace"),
        ("server: {max_body: 1e19}", "server.max_body"),
        ("server: {port: 99999999999999999999}", "server.port"),
        ("server: {port: 65536}", "server.port"),
        ("server: {port: -1}", "server.port"),
        ("limits: {max_upstream_bytes: 0}", "limits.max_upstream_bytes"),
        ("layers: {osm: {source: {url: \"http://127.0.0.1:9/{z}/{x}/{y}.png\", timeout: 1e20s}}}", "layers.osm.source.timeout"),
        ("layers: {osm: {source: {url: \"http://127.0.0.1:9/{z}/{x}/{y}.png\", connect_timeout: 0s}}}", "layers.osm.source.connect_timeout"),
        ("server: {header_timeout: 0s}", "server.header_timeout"),
        ("server: {idle_timeout: 2h}", "server.idle_timeout"),
        ("server: {max_connections: 0}", "server.max_connections"),
        ("server: {max_connections: many}", "server.max_connections"),
    ])
    func badConfigurationsStopTheServerWithOneErrorLine(yaml: String, path: String) throws {
        let run = try ServerProcess.failedStart(config: yaml)
        #expect(run.status == 64, "\(run.stderr)")
        let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1, "\(run.stderr)")
        #expect(errors.first?.contains("cairn.yml: \(path): ") == true, "\(run.stderr)")
        #expect(!run.stderr.contains("listening"))
    }

    @Test func aFileThatIsNotYAML() throws {
        let run = try ServerProcess.failedStart(config: "server: {host: [unclosed\n")
        #expect(run.status == 64)
        #expect(run.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.count == 1)
        #expect(run.stderr.contains("not valid YAML"))
    }

    /// Nine levels of ten nested aliases ("billion laughs", 10⁹ values once expanded): `cairn serve`
    /// and `cairn cache` refuse the file at once (they used to walk the expanded tree for more than 20 s).
    @Test(arguments: [["serve", "--port", "0"], ["cache", "stats"], ["cache", "purge", "--layer", "world"]])
    func nestedAliasesAreRefusedAtOnce(arguments: [String]) throws {
        let start = ContinuousClock.now
        let run = try runCairn(arguments + ["--config", NestedAliasConfigTests.bomb])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.errorLines == ["error: \(NestedAliasConfigTests.bomb): too many alias expansions "
                                   + "(the aliases repeat more than 100000 values)"], "\(run.stderr)")
        #expect(ContinuousClock.now - start < .seconds(10), "a refusal, not a walk of the expanded tree")
        #expect(!run.stderr.contains("listening"))
    }

    @Test func aCacheDirectoryThatCannotBeCreatedIsAnIOError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/file"))
        let run = try ServerProcess.failedStart(config: "layers: {osm: {\(Self.source)}}",
                                                environment: ["CAIRN_CACHE_DIR": directory + "/file/cache"])
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains(directory + "/file/cache"))
    }
}
