import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing
@testable import CairnServer
@testable import HotLane

/// RFC 9112 §3.2 in process: an HTTP/1.1 head without `Host` or with two is refused after NIO's
/// decoder (``HostFieldCheck``: `HTTPParserError.invalidHost`, which Hummingbird answers with 400
/// and `Connection: close`), and the hot lane leaves such a head to the decoder. The answers on a
/// live connection, lane on and off, are in ``HotLaneTests`` (its corpus has these heads).
@Suite struct HostFieldTests {
    /// The decoder and the check, as ``CairnHTTP1Channel`` puts them on a connection.
    private func decodingChannel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HTTPRequestDecoder()))
        try channel.pipeline.syncOperations.addHandler(HostFieldCheck())
        return channel
    }

    private func heads(_ channel: EmbeddedChannel) throws -> [String] {
        var uris: [String] = []
        while let part = try channel.readInbound(as: HTTPServerRequestPart.self) {
            if case .head(let head) = part { uris.append(head.uri) }
        }
        return uris
    }

    @Test(arguments: [
        "GET /a HTTP/1.1\r\n\r\n",
        "GET /a HTTP/1.1\r\nHost: x\r\nhost: y\r\n\r\n",
        "GET /a HTTP/1.1\r\nHOST: x\r\nAccept: */*\r\nHost: x\r\n\r\n",
        "GET /a HTTP/1.0\r\nHost: x\r\nHost: y\r\nConnection: keep-alive\r\n\r\n",
    ])
    func aHeadWithoutOneHostIsRefusedAndNothingAfterItIsRead(_ head: String) throws {
        let channel = try decodingChannel()
        let good = "GET /good HTTP/1.1\r\nHost: x\r\n\r\n"
        #expect(throws: HTTPParserError.invalidHost) {
            try channel.writeInbound(ByteBuffer(string: good + head + good))
        }
        #expect(try heads(channel) == ["/good"])
        try channel.writeInbound(ByteBuffer(string: good))
        #expect(try heads(channel) == [])
    }

    @Test func oneHostOrHTTP10WithoutOnePasses() throws {
        let channel = try decodingChannel()
        try channel.writeInbound(ByteBuffer(string: "GET /a HTTP/1.1\r\nhOsT: x\r\n\r\nGET /b HTTP/1.0\r\nConnection: keep-alive\r\n\r\nGET /c HTTP/1.1\r\nHost:\r\n\r\n"))
        #expect(try heads(channel) == ["/a", "/b", "/c"])
    }

    /// The lane judges only heads with exactly one `Host`; the others go to the decoder (and the check).
    @Test func theLaneLeavesAHeadWithoutOneHostToTheDecoder() {
        func scan(_ text: String) -> String {
            Array(text.utf8).withUnsafeBytes { bytes in
                switch RawRequestHead.scan(bytes) {
                case .head(let head, _): head.target
                case .incomplete: "incomplete"
                case .unsupported: "unsupported"
                }
            }
        }
        #expect(scan("GET /a HTTP/1.1\r\nHost: x\r\n\r\n") == "/a")
        #expect(scan("GET /a HTTP/1.1\r\nAccept: */*\r\n\r\n") == "unsupported")
        #expect(scan("GET /a HTTP/1.1\r\nHost: x\r\nHOST: x\r\n\r\n") == "unsupported")
        #expect(scan("GET /a HTTP/1.1\r\nHost: x\r\n") == "incomplete")
    }
}
