import Canvas
import Testing

@Suite struct VectorDocumentTests {
    @Test(arguments: VectorDocument.Format.allCases)
    func writesADocument(format: VectorDocument.Format) throws {
        let bytes = try VectorDocument.render(format, size: Size(width: 48, height: 48)) { context in
            context.circle(center: Point(x: 24, y: 24), radius: 20)
            context.setColor(.black)
            context.fill()
        }
        let head = String(decoding: bytes.prefix(64), as: UTF8.self)
        switch format {
        case .svg:
            #expect(head.contains("<svg") || head.hasPrefix("<?xml"))
            #expect(String(decoding: bytes, as: UTF8.self).contains("48pt"))
        case .pdf:
            #expect(head.hasPrefix("%PDF-"))
            #expect(String(decoding: bytes.suffix(8), as: UTF8.self).contains("%%EOF"))
        }
    }
}
