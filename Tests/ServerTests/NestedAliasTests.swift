import CairnServer
import Foundation
import Testing

/// A configuration with nine levels of ten nested aliases ("billion laughs": a few hundred bytes
/// that expand to 10⁹ values) is refused at once, before `${NAME}` substitution or any key is read;
/// a configuration that reuses a section through an alias is read as if it were written out.
@Suite struct NestedAliasConfigTests {
    static let bomb = repositoryRoot + "/Tests/Fixtures/yaml/nested-aliases.yml"

    @Test func theConfigurationIsRefusedWithinASecond() throws {
        let start = ContinuousClock.now
        #expect { try ServerConfig.load(path: Self.bomb, environment: [:]) } throws: {
            "\($0)".hasPrefix("too many alias expansions")
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    /// Substitution would meet `$` in every one of the 10⁹ values: refused before it starts.
    @Test func substitutionNeverWalksTheExpandedTree() throws {
        let yaml = try String(contentsOfFile: Self.bomb, encoding: .utf8).replacingOccurrences(of: "[x,", with: "[\"${HOME}$\",")
        #expect(yaml.contains("${HOME}"))
        let start = ContinuousClock.now
        #expect { try ServerConfig(yaml: yaml, environment: ["HOME": "/root"]) } throws: {
            "\($0)".hasPrefix("too many alias expansions")
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func aSectionReusedThroughAnAliasIsRead() throws {
        let config = try ServerConfig(yaml: """
            layers:
              plain: &layer
                source: {url: "${UPSTREAM}/{z}/{x}/{y}.png"}
                chain: [grid, {blur: 2}]
              copy: *layer
            """, environment: ["UPSTREAM": "http://127.0.0.1:9"])
        #expect(config.layers.map(\.name) == ["plain", "copy"])
        #expect(config.layers.map(\.chain.renderers.count) == [2, 2])
    }
}
