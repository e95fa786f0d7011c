import Testing
import Tiles

/// ``ShownURL``: credentials in an upstream URL are `***` in messages, everything else stays.
@Suite struct ShownURLTests {
    @Test(arguments: [
        ("https://tiles.example/{z}/{x}/{y}.png", "https://tiles.example/{z}/{x}/{y}.png"),
        ("https://a.example/3/4/2.jpg?key=K1&lang=en", "https://a.example/3/4/2.jpg?key=***&lang=en"),
        ("https://b.example/1.png?access_token=pk.abc&style=x&API_KEY=z&apikey=y", "https://b.example/1.png?access_token=***&style=x&API_KEY=***&apikey=***"),
        ("https://c.example/1.png?sig=s&signature=t&x=1&y=2&z=3", "https://c.example/1.png?sig=***&signature=***&x=1&y=2&z=3"),
        ("https://user:hunter2@d.example/a.png?token", "https://user:***@d.example/a.png?token"),
        ("https://user@e.example/a@b.png", "https://user@e.example/a@b.png"),
        ("file:///tiles/{z}/{x}/{y}.png", "file:///tiles/{z}/{x}/{y}.png"),
    ])
    func credentialsAreHidden(url: String, shown: String) {
        #expect(ShownURL.redacting(url) == shown)
    }
}
