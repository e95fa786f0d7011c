import Testing
@testable import Codecs

@Suite struct ImageFormatTests {
    @Test func sniffsMagicNumbers() throws {
        #expect(ImageFormat.sniff(try Fixtures.tile(0, 0, 0)) == .png)
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]) == .jpeg)
        #expect(ImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == nil)
        #expect(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47]) == nil)  // a PNG signature needs all 8 bytes
        #expect(ImageFormat.sniff([]) == nil)
        #expect(ImageFormat.sniff(Array("GIF89a".utf8)) == nil)
    }

    @Test func extensionsAndMIMETypes() {
        #expect(ImageFormat(fileExtension: "png") == .png)
        #expect(ImageFormat(fileExtension: "JPG") == .jpeg)
        #expect(ImageFormat(fileExtension: ".jpeg") == .jpeg)
        #expect(ImageFormat(fileExtension: "webp") == .webp)
        #expect(ImageFormat(fileExtension: "gif") == nil)
        #expect(ImageFormat.jpeg.fileExtension == "jpg")
        #expect(ImageFormat.jpeg.fileExtensions == ["jpg", "jpeg"])
        #expect(ImageFormat.allCases.map(\.mimeType) == ["image/png", "image/jpeg", "image/webp"])
        #expect(ImageFormat.webp.description == "WebP")
    }

    @Test func errorDescriptionsAreShortPhrases() {
        #expect(CodecError.corrupt(.jpeg, "premature end of data segment").description == "corrupt JPEG image: premature end of data segment")
        #expect(CodecError.unsupported(.webp, "animated").description == "unsupported WebP image: animated")
        #expect(CodecError.encodeFailed("WebP: too big").description == "cannot encode the image: WebP: too big")
        #expect(CodecError.phrase("Not enough image data") == "not enough image data")
        #expect(CodecError.phrase("IDAT: CRC error") == "IDAT: CRC error")
        #expect(CodecError.phrase("Premature end of JPEG file\n") == "premature end of JPEG file")
    }
}
