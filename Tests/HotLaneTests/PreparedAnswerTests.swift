import HTTPTypes
import NIOCore
import Testing
@testable import HotLane

/// What a ``PreparedAnswer`` keeps: buffers exactly as large as their bytes (a memory tier holds
/// them for as long as they are asked for), and the bytes a memory tier counts for it.
@Suite struct PreparedAnswerTests {
    /// 24 000 bytes, as a busy tile: NIO's own initialisers would give the body 32 768.
    let image = [UInt8](repeating: 7, count: 24_000)

    @Test func theBodyTakesExactlyItsBytes() {
        let answer = PreparedAnswer(body: image, etag: "\"e\"", lastModified: "Wed, 02 Dec 2026 05:00:00 GMT", contentType: "image/png")
        #expect(answer.body.readableBytesView.elementsEqual(image))
        #expect(answer.body.capacity == 24_000)
        #expect(answer.lines.capacity == answer.lines.readableBytes)
    }

    @Test func headerLinesOfA200AndA304() {
        let answer = PreparedAnswer(body: image, etag: "\"e\"", lastModified: "Wed, 02 Dec 2026 05:00:00 GMT", contentType: "image/png")
        let fixed = "ETag: \"e\"\r\nLast-Modified: Wed, 02 Dec 2026 05:00:00 GMT\r\nContent-Type: image/png\r\n"
        #expect(String(buffer: answer.lines) == fixed + "Content-Length: 24000\r\n")
        #expect(String(buffer: answer.notModifiedLines) == fixed)
    }

    @Test func storedBytesCountTheGzippedTwin() {
        let twin = PreparedAnswer(body: [UInt8](repeating: 1, count: 300), etag: "\"e-gzip\"", lastModified: "Wed, 02 Dec 2026 05:00:00 GMT",
                                  contentType: "application/vnd.mapbox-vector-tile",
                                  representation: [HTTPField(name: .contentEncoding, value: "gzip")])
        let tile = PreparedAnswer(body: image, etag: "\"e\"", lastModified: "Wed, 02 Dec 2026 05:00:00 GMT",
                                  contentType: "application/vnd.mapbox-vector-tile", gzipped: twin)
        #expect(tile.storedBytes == 24_300)
        #expect(twin.storedBytes == 300)
    }
}
