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
        var fromYAML = try colourfulTile(), fromSpec = try colourfulTile()
        let context = RenderContext(tile: try TileID(z: 2, x: 2, y: 1))
        try RendererChain(yaml: yaml).render(&fromYAML, context: context)
        try RendererChain(spec: "mosaic:cells=4,alpha=0.5,palette=#ff0000;#0000ff|grid|blur:2|grayscale").render(&fromSpec, context: context)
        #expect(pixels(fromYAML) == pixels(fromSpec))
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
}
