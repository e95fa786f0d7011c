import Testing
import Tiles

@Suite struct URLTemplateTests {
    private let tile = try! TileID(z: 3, x: 4, y: 2)

    @Test(arguments: [
        ("https://tile.example.org/{z}/{x}/{y}.png", "https://tile.example.org/3/4/2.png"),
        ("file:///data/{z}/{x}/{-y}.png", "file:///data/3/4/5.png"),
        ("https://t.example.org/tiles/{q}.jpeg", "https://t.example.org/tiles/\(try! TileID(z: 3, x: 4, y: 2).quadkey).jpeg"),
        ("https://t.example.org/{quadkey}?g=1", "https://t.example.org/\(try! TileID(z: 3, x: 4, y: 2).quadkey)?g=1"),
        ("https://t.example.org/{z}/{x}/{y}{r}.png?s={scale}", "https://t.example.org/3/4/2@2x.png?s=2"),
    ])
    func expands(template: String, expected: String) throws {
        let scale = template.contains("{r}") ? 2 : 1
        #expect(try URLTemplate(template).url(for: tile, scale: scale) == expected)
    }

    @Test func retinaIsEmptyAtOneX() throws {
        #expect(try URLTemplate("{z}/{x}/{y}{r}.png").url(for: tile, scale: 1) == "3/4/2.png")
    }

    @Test func subdomainsRotateByTileAndStayStable() throws {
        let template = try URLTemplate("https://{s}.tile.example.org/{z}/{x}/{y}.png", subdomains: ["a", "b", "c"])
        let hosts = (0..<6).map { template.url(for: try! TileID(z: 3, x: $0, y: 0)).dropFirst(8).prefix(1) }
        #expect(hosts == ["a", "b", "c", "a", "b", "c"])
        #expect(template.url(for: tile) == template.url(for: tile))
    }

    @Test(arguments: ["https://x/{z}/{x}/{y", "https://x/{zoom}/{x}/{y}.png"])
    func rejectsBadTemplates(template: String) {
        #expect(throws: URLTemplate.Invalid.self) { try URLTemplate(template) }
    }

    @Test func subdomainPlaceholderNeedsSubdomains() throws {
        #expect(throws: URLTemplate.Invalid.self) { try URLTemplate("https://{s}.x/{z}/{x}/{y}.png", subdomains: []) }
        #expect(try URLTemplate("file:///a/{z}/{x}/{y}.png").isFile)
    }
}
