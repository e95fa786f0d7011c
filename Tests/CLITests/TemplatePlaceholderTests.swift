import Foundation
import Testing
import TestTier

/// A URL template that does not name a tile (no `{z}`, `{x}` and `{y}`) would fetch the same URL
/// for every tile: it is refused, naming the template and the missing placeholders (exit 64), as a
/// `render`/`snapshot --source` and as a layer's `source.url`. Archives (also as `file://` URLs)
/// are not templates.
@Suite(.process) struct TemplatePlaceholderTests {
    static let rule = "(a tile template has {z}, {x} and {y} or {-y}, or {q})"

    @Test(arguments: [
        ("https://tiles.example.org/world.png", "no {z}, {x}, {y}"),
        ("file:///data/{z}/{x}.png", "no {y}"),
        ("https://tiles.example.org/{z}/{y}.png", "no {x}"),
    ]) func aTemplateWithoutTheTilePlaceholdersIsRefused(_ template: String, _ missing: String) throws {
        let directory = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let render = try Cairn.run(["render", "--source", template, "--bbox=-10,35,30,60", "--zoom", "1", "--out", "out"], in: directory)
        #expect(render.status == 64)
        #expect(render.errorLines == ["error: --source: URL template '\(template)': \(missing) \(Self.rule)"])
        #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
        try "layers:\n  w:\n    source: {url: \"\(template)\"}\n".write(toFile: directory + "/cairn.yml", atomically: true, encoding: .utf8)
        let seed = try Cairn.run(["cache", "seed", "--config", "cairn.yml", "--layer", "w", "--bbox=-10,35,30,60", "--zoom", "1"],
                                 in: directory, environment: ["CAIRN_CACHE_DIR": directory + "/cache"])
        #expect(seed.status == 64)
        #expect(seed.errorLines == ["error: cairn.yml: layers.w.source.url: URL template '\(template)': \(missing) \(Self.rule)"], "\(seed.stderr)")
    }

    @Test func quadkeyAndTMSTemplatesNameATile() throws {
        let directory = try Cairn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for template in ["file://\(directory)/{q}.png", "file://\(directory)/{z}/{x}/{-y}.png"] {
            let render = try Cairn.run(["render", "--source", template, "--bbox=-10,35,30,60", "--zoom", "1", "--out", "out", "--quiet"], in: directory)
            #expect(render.status == 0, "\(template): \(render.stderr)")
        }
    }
}
