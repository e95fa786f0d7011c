import Markers
import Testing

@Suite struct CardManifestTests {
    /// Found while writing the manifest's fuzz target: Swift reads "\r\n" as one Character, so a
    /// manifest written on Windows was one long line that was "not a JSON object".
    @Test func windowsLineEnds() {
        let parsed = CardManifest.parse("{\"id\": \"a\", \"title\": \"A\"}\r\n\r\n{\"id\": \"b\", \"title\": \"B\"}\r\nnot json\r\n")
        #expect(parsed.entries.map(\.id) == ["a", "b"])
        #expect(parsed.entries.map(\.line) == [1, 3])
        #expect(parsed.errors.map(\.line) == [4])
    }

    @Test func goodAndBadLines() {
        let text = """
            {"id": "a", "title": "Alpha", "subtitle": "first", "image": "a.png"}
            not json
            {"id": "b"}

            # a comment
            {"id": "../evil", "title": "x"}
            {"id": "a", "title": "again"}
            {"id": "c", "title": "Gamma", "theme": "dark"}
            {"id": "d", "title": "Delta", "colour": "red"}
            {"id": "e", "title": 5}
            """
        let parsed = CardManifest.parse(text)
        #expect(parsed.entries.map(\.id) == ["a", "c"])
        #expect(parsed.entries[0] == CardManifestEntry(line: 1, id: "a", title: "Alpha", subtitle: "first", image: "a.png", theme: nil))
        #expect(parsed.entries[1].theme == "dark")
        #expect(parsed.errors.map(\.line) == [2, 3, 6, 7, 9, 10])
        #expect(parsed.errors[0].problem == "not a JSON object")
        #expect(parsed.errors[1].problem == "missing 'title'")
        #expect(parsed.errors[3].problem == "duplicate id 'a'")
        #expect(parsed.errors[4].problem.contains("unknown key 'colour'"))
    }
}
