import Canvas
import Markers
import Testing

/// Whole renderings against committed references (Tests/Fixtures/golden), so that any change to how
/// a badge or card looks is seen in review.
@Suite struct GoldenTests {
    @Test(arguments: [("google", 7), ("google", 150), ("ios", 42), ("ios", 1200), ("leaflet", 7), ("leaflet", 1234)])
    func builtinBadges(style: String, count: Int) throws {
        let image = try BadgeStyle.builtin[style]!.layout(for: count).render(scale: 2)
        try expectMatchesGolden(image, named: "badge-\(style)-\(count)@2x")
    }

    @Test func customStyleWithShadow() throws {
        let style = try BadgeStyle.load(path: repositoryRoot + "/Samples/styles/brand.yml")
        try expectMatchesGolden(try style.layout(for: 56_000).render(scale: 2), named: "badge-brand-56000@2x")
    }

    @Test func lightCardWithThumbnail() throws {
        let thumbnail = Card.Thumbnail.load(path: repositoryRoot + "/Samples/thumbnails/europe.png").thumbnail
        let card = Card(title: "Café Central", subtitle: "Herrengasse 14, 1010 Wien · Coffee house since 1876", thumbnail: thumbnail)
        try expectMatchesGolden(try card.render(scale: 2), named: "card-light@2x")
    }

    @Test func darkRightToLeftCard() throws {
        let card = Card(title: "خان الخليلي", subtitle: "الجمالية، محافظة القاهرة، مصر", thumbnail: .placeholder, theme: .dark)
        try expectMatchesGolden(try card.render(scale: 2), named: "card-dark-rtl@2x")
    }
}
