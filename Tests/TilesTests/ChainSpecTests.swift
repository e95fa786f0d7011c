import Codecs
import Testing
import Tiles

@Suite struct ChainSpecTests {
    @Test(arguments: [
        ("", 0), ("identity", 0), ("grid", 1), ("mosaic:cells=8,alpha=0.2|grid|grayscale", 3),
        ("blur:2", 1), ("hue-rotate:90|brightness:1.2", 2), ("grayscale|brightness:1.2", 1), (" mosaic:8 | grid:{z}/{x}/{y} ", 2),
    ])
    func parses(spec: String, count: Int) throws {
        #expect(try RendererChain(spec: spec).renderers.count == count)
    }

    @Test(arguments: [
        ("frobnicate", "unknown renderer 'frobnicate' (valid: mosaic, tint, grid,"),
        ("mosaic:colour=red", "mosaic: unknown parameter 'colour' (valid: cells, alpha, seed, palette)"),
        ("mosaic:cells=0", "mosaic.cells: '0' is not an integer in 1...256"),
        ("mosaic:alpha=2", "mosaic.alpha: '2' is not a number in 0...1"),
        ("tint:#12", "tint.color: '#12' is not a colour"),
        ("grid||grayscale", "empty renderer"),
        ("dark:1", "dark takes no parameters"),
        ("blur:2,radius=3", "blur: 'radius' given twice"),
    ])
    func rejectsWithWhatIsValid(spec: String, message: String) {
        do {
            _ = try RendererChain(spec: spec)
            Issue.record("accepted \(spec)")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test func textValuesKeepTheirCommas() throws {
        let chain = try RendererChain(spec: "grid:format=X={x}, Y={y},size=10")
        let grid = try #require(chain.renderers.first as? GridRenderer)
        #expect(grid.format == "X={x}, Y={y}")
        #expect(grid.fontSize == 10)
        let text = try #require(try RendererChain(spec: "text:E=mc², Inc.,size=20").renderers.first as? TextRenderer)
        #expect(text.text == "E=mc², Inc.")
        #expect(text.font.size == 20)
    }

    @Test(arguments: ["text:text=ACME,opacty=0.5", "text:foo=1", "grid:colour=red", "logo:brand.png,pos=top"])
    func misspeltParametersOfTextFirstRenderersAreReported(spec: String) {
        #expect { try RendererChain(spec: spec) } throws: { "\($0)".contains("unknown parameter") && "\($0)".contains("(valid: ") }
    }
}

@Suite struct TileProcessorTests {
    @Test func emptyChainPassesBytesThroughUntouched() throws {
        let bytes = tileBytes()
        let result = try TileProcessor(chain: try RendererChain(spec: "")).process(bytes, tile: nil)
        #expect(result.bytes == bytes)
        #expect(result.format == .png)
    }

    @Test func recodeDecodesAndEncodes() throws {
        let bytes = tileBytes()
        let result = try TileProcessor(chain: try RendererChain(spec: ""), recode: true).process(bytes, tile: nil)
        #expect(result.bytes != bytes)
        #expect(pixels(try ImageDecoder.decode(result.bytes)) == pixels(try ImageDecoder.decode(bytes)))
    }

    @Test func jpegInAndOut() throws {
        let jpeg = try JPEGEncoder(quality: 90).encode(try ImageDecoder.decode(tileBytes()))
        let result = try TileProcessor(chain: try RendererChain(spec: "grayscale")).process(jpeg, tile: nil)
        #expect(result.format == .jpeg)
        let image = try ImageDecoder.decode(result.bytes)
        let p = image.pixel(x: 100, y: 100)
        #expect(abs(Int(p.r) - Int(p.g)) <= 3 && abs(Int(p.g) - Int(p.b)) <= 3)
    }

    @Test func formatChangeForcesAnEncode() throws {
        let result = try TileProcessor(chain: try RendererChain(spec: ""), encoder: .webp(quality: 80, lossless: true)).process(tileBytes(), tile: nil)
        #expect(result.format == .webp)
        #expect(ImageFormat.sniff(result.bytes) == .webp)
    }

    @Test func notAnImageIsADataError() {
        #expect(throws: CodecError.self) { try TileProcessor(chain: try RendererChain(spec: "grid")).process(Array("hello".utf8), tile: nil) }
        #expect(throws: CodecError.self) { try TileProcessor(chain: try RendererChain(spec: "")).process([], tile: nil) }
    }
}
