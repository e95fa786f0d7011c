import Canvas
import Testing

@Suite struct ColorTests {
    @Test(arguments: [
        ("#f80", RGBA8(r: 255, g: 136, b: 0, a: 255)),
        ("#F808", RGBA8(r: 255, g: 136, b: 0, a: 136)),
        ("#0099cc", RGBA8(r: 0, g: 153, b: 204, a: 255)),
        ("#00000055", RGBA8(r: 0, g: 0, b: 0, a: 85)),
        ("rebeccapurple", RGBA8(r: 102, g: 51, b: 153, a: 255)),
        ("rgba(181,226,140,.6)", RGBA8(r: 181, g: 226, b: 140, a: 153)),
        ("rgb(100%, 0%, 0%)", RGBA8(r: 255, g: 0, b: 0, a: 255)),
        ("transparent", RGBA8(r: 0, g: 0, b: 0, a: 0)),
    ])
    func parses(text: String, expected: RGBA8) throws {
        #expect(try Color(parsing: text).pixel == expected)
    }

    @Test(arguments: ["", "#12", "#12345", "#ggg", "blurple", "rgb(1,2)", "rgb(300,0,0)"])
    func rejects(text: String) {
        #expect(throws: CanvasError.invalidColor(text)) { try Color(parsing: text) }
    }

    @Test func hsvMatchesAndroid() {
        // Android Color.HSVToColor([0, 1, 0.6]) = #990000; hue 220 -> #002299.
        #expect(Color(hue: 0, saturation: 1, value: 0.6).pixel == RGBA8(r: 153, g: 0, b: 0, a: 255))
        #expect(Color(hue: 220, saturation: 1, value: 0.6).pixel == RGBA8(r: 0, g: 51, b: 153, a: 255))
    }

    @Test func descriptionRoundTrips() throws {
        for text in ["#0099cc", "#ff880080"] {
            #expect(try Color(parsing: text).description == text)
        }
    }
}
