import Foundation
import Testing
import Tiles

@Suite struct ChainYAMLTests {
    @Test func yamlBuildsTheSameChainAsTheSpec() throws {
        let yaml = """
            - mosaic: {cells: 4, alpha: 0.5, palette: ["#ff0000", "#0000ff"]}
            - grid
            - blur: 2
            - grayscale: ~
            """
        #expect(try drawAlike(yaml: yaml, spec: "mosaic:cells=4,alpha=0.5,palette=#ff0000;#0000ff|grid|blur:2|grayscale"))
    }

    /// Whether the chains `yaml` and `spec` draw the same pixels on a tile.
    private func drawAlike(yaml: String, spec: String) throws -> Bool {
        var fromYAML = try colourfulTile(), fromSpec = try colourfulTile()
        let context = RenderContext(tile: try TileID(z: 2, x: 2, y: 1))
        try RendererChain(yaml: yaml).render(&fromYAML, context: context)
        try RendererChain(spec: spec).render(&fromSpec, context: context)
        return pixels(fromYAML) == pixels(fromSpec)
    }

    @Test(arguments: [
        ("- mosaic: {cells: 0}", "chain[0].mosaic.cells: '0' is not an integer in 1...256"),
        ("- grid\n- sparkle", "chain[1].unknown renderer 'sparkle'"),
        ("mosaic: 8", "chain: expected a list of renderers"),
        ("- {mosaic: 8, grid: {}}", "chain[0]: expected a renderer name"),
        ("- [1, 2", "chain: not valid YAML"),
    ])
    func errorsNameTheItem(yaml: String, message: String) {
        do {
            _ = try RendererChain(yaml: yaml)
            Issue.record("accepted \(yaml)")
        } catch {
            #expect("\(error)".hasPrefix(message), "\(error)")
        }
    }

    @Test func emptyYAMLIsTheEmptyChain() throws {
        #expect(try RendererChain(yaml: "").isEmpty)
        #expect(try RendererChain(yaml: "[]").isEmpty)
    }

    /// Nine levels of ten aliases each ("billion laughs", 10⁹ values once expanded) are refused at
    /// once, never walked; a few aliases are read as what they repeat.
    @Test func nestedAliasesAreRefusedWithinASecond() throws {
        let yaml = try String(contentsOfFile: repositoryRoot + "/Tests/Fixtures/yaml/nested-aliases.yml", encoding: .utf8)
        let start = ContinuousClock.now
        #expect { try RendererChain(yaml: yaml, path: "chain.yml") } throws: {
            "\($0)".hasPrefix("chain.yml: too many alias expansions")
        }
        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(try drawAlike(yaml: "- &blur {blur: 2}\n- grid\n- *blur", spec: "blur:2|grid|blur:2"))
    }
}
