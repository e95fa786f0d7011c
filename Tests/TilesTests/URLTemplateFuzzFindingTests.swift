import Foundation
import Testing
import Tiles

/// What `make fuzz` found in URL templates, kept so that it stays fixed. Each file in
/// Tests/Fixtures/fuzz/URLTemplates is an input of the `URLTemplates` fuzz target: the template on
/// its first line, its subdomains on the others.
@Suite struct URLTemplateFuzzFindingTests {
    static let findings = repositoryRoot + "/Tests/Fixtures/fuzz/URLTemplates"

    static func inputs() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: findings).sorted()
    }

    /// A subdomain holding `{` once made URLs that still had a placeholder in them.
    @Test(arguments: try inputs())
    func isRefusedWithAReason(input: String) throws {
        let text = try String(contentsOfFile: Self.findings + "/" + input, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let error = #expect(throws: URLTemplate.Invalid.self) { try URLTemplate(lines[0], subdomains: Array(lines.dropFirst())) }
        #expect(error?.problem.contains("is not a plain name") == true)
    }

    /// Subdomains are plain names: nothing that could leave a placeholder or climb out of a
    /// `file://` directory, nothing empty; a template without `{s}` ignores them.
    @Test(arguments: ["z/{c", "{x}", "..", ".hidden", "", "a b", "ü"])
    func subdomainsThatAreNotPlainNamesAreRefused(subdomain: String) throws {
        #expect(throws: URLTemplate.Invalid.self) { try URLTemplate("file:///tiles/{s}/{z}/{x}/{y}.png", subdomains: ["a", subdomain]) }
        #expect(try URLTemplate("file:///tiles/{z}/{x}/{y}.png", subdomains: [subdomain]).url(for: TileID(z: 1, x: 1, y: 0))
                == "file:///tiles/1/1/0.png")
    }

    @Test func plainSubdomainsStillWork() throws {
        let template = try URLTemplate("https://{s}.tiles.example.org/{z}/{x}/{y}.png", subdomains: ["mt0", "tile-1", "a_b", "cdn.eu"])
        #expect(try template.url(for: TileID(z: 2, x: 1, y: 0)) == "https://tile-1.tiles.example.org/2/1/0.png")
        #expect(try template.url(for: TileID(z: 2, x: 1, y: 2)) == "https://cdn.eu.tiles.example.org/2/1/2.png")
    }
}
