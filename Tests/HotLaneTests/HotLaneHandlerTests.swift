import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
@testable import HotLane

/// ``HotLaneHandler``'s states on one connection, driven by hand on an `EmbeddedChannel`: what it
/// answers, what it holds, what it passes on to the decoder byte for byte, and what it drops.
/// The server behind it is ``StubLane``, which answers every head whose target starts with `/hit`.
@Suite struct HotLaneHandlerTests {
    @Test func aHeadSplitAcrossReadsIsHeldThenAnswered() throws {
        let connection = try Connection()
        try connection.receive("GET /hit/1 HTTP/1.1\r\nHo")
        #expect(try connection.passedOn().isEmpty)
        #expect(try connection.sent() == "")
        #expect(connection.listener.reads == [true])

        try connection.receive("st: a\r\n\r\n")
        #expect(try connection.sent() == StubLane.answer(to: "/hit/1"))
        #expect(try connection.passedOn().isEmpty)
        #expect(connection.listener.reads == [true, false])
    }

    /// Two heads cut in two reads anywhere (in the request line, in a header, at the end of the
    /// first head, inside the second) are each answered once whole, in order, nothing passed on.
    @Test(arguments: [2, 9, 23, 33, 44, 45, 50])
    func twoHeadsCutAnywhereAreAnsweredWhole(cut: Int) throws {
        let connection = try Connection()
        let heads = "GET /hit/1 HTTP/1.1\r\nHost: a\r\nAccept: */*\r\n\r\n" + "GET /hit/2 HTTP/1.1\r\nHost: a\r\n\r\n"
        try connection.receive(String(heads.prefix(cut)))
        try connection.receive(String(heads.dropFirst(cut)))
        #expect(try connection.sent() == StubLane.answer(to: "/hit/1") + StubLane.answer(to: "/hit/2"))
        #expect(try connection.passedOn().isEmpty)
    }

    @Test func aHeadHeldWhenTheInputEndsGoesOnAndSoDoesEverythingAfter() throws {
        let connection = try Connection()
        try connection.receive("GET /hit/1 HTTP/1.1\r\n")
        connection.channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(try connection.passedOn() == ["GET /hit/1 HTTP/1.1\r\n"])

        try connection.receive("GET /hit/2 HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try connection.passedOn() == ["GET /hit/2 HTTP/1.1\r\nHost: a\r\n\r\n"])
        #expect(try connection.sent() == "")
    }

    @Test func anUnsupportedHeadSwitchesToPassThroughForTheRestOfTheConnection() throws {
        let connection = try Connection()
        let withBody = "POST /hit/1 HTTP/1.1\r\nHost: a\r\nContent-Length: 31\r\n\r\nGET /hit/2 HTTP/1.1\r\nHost: a\r\n\r\n"
        try connection.receive("GET /hit/0 HTTP/1.1\r\nHost: a\r\n\r\n" + withBody)
        #expect(try connection.sent() == StubLane.answer(to: "/hit/0"))
        #expect(try connection.passedOn() == [withBody])

        let later = "GET /hit/3 HTTP/1.1\r\nHost: a\r\n\r\n"
        try connection.receive(later)
        #expect(try connection.passedOn() == [later])
        #expect(try connection.sent() == "")
    }

    @Test func anAnswerToConnectionCloseClosesTheOutputAndDropsLaterBytes() throws {
        let connection = try Connection()
        try connection.receive("GET /hit/1 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\nGET /hit/2 HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try connection.sent() == StubLane.answer(to: "/hit/1"))
        #expect(connection.closes.modes == [.output])

        try connection.receive("GET /hit/3 HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(try connection.sent() == "")
        #expect(try connection.passedOn().isEmpty)
    }

    @Test func requestsPipelinedAfterOnePassedOnArePassedOnUntilTheRouterHasAnswered() throws {
        let connection = try Connection()
        let miss = "GET /miss HTTP/1.1\r\nHost: a\r\n\r\n", hit = "GET /hit/1 HTTP/1.1\r\nHost: a\r\n\r\n"
        try connection.receive(miss + hit)
        #expect(try connection.passedOn() == [miss, hit])
        #expect(try connection.sent() == "")

        // The router answers the first; the second is still its to answer, so a third hit waits its turn.
        try connection.routerAnswers()
        try connection.receive(hit)
        #expect(try connection.passedOn() == [hit])

        try connection.routerAnswers()
        try connection.routerAnswers()
        try connection.receive(hit)
        #expect(try connection.sent() == StubLane.answer(to: "/hit/1"))
        #expect(try connection.passedOn().isEmpty)
    }
}

/// The server as the handler knows it: a hit for every target that starts with `/hit`, closing
/// when the request says `Connection: close`.
private struct StubLane: HotAnswering {
    func answer(_ head: RawRequestHead) -> HotAnswer? {
        guard head.target.hasPrefix("/hit") else { return nil }
        return HotAnswer(head: ByteBuffer(string: "HTTP/1.1 200 OK\r\nX-Target: \(head.target)\r\n\r\n"),
                         body: ByteBuffer(string: "hit \(head.target)"), closes: head.fields[.connection] == "close")
    }

    /// The bytes the lane writes for `target`.
    static func answer(to target: String) -> String {
        "HTTP/1.1 200 OK\r\nX-Target: \(target)\r\n\r\nhit \(target)"
    }
}

/// Hears of the reads the lane answered or began to hold a head in.
private final class ListenerRecord: HotLaneListener {
    private(set) var reads: [Bool] = []

    func laneRead(pending: Bool) { reads.append(pending) }
}

/// Records the closes the handler asks for (`EmbeddedChannel` closes only whole).
private final class CloseRecord: ChannelOutboundHandler {
    typealias OutboundIn = ByteBuffer
    private(set) var modes: [CloseMode] = []

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        modes.append(mode)
        promise?.succeed()
    }
}

/// A connection with the lane in its pipeline as the server sets it up: the lane first, the
/// counter of the router's answers behind it (where the decoder and Hummingbird would be).
private struct Connection {
    let channel = EmbeddedChannel()
    let listener = ListenerRecord()
    let closes = CloseRecord()

    init() throws {
        let router = RouterAnswers()
        try channel.pipeline.syncOperations.addHandlers([
            closes, HotLaneHandler(lane: StubLane(), router: router, listeners: [listener]), router,
        ])
    }

    /// One read of `bytes`, then the read's end.
    func receive(_ bytes: String) throws {
        try channel.writeInbound(ByteBuffer(string: bytes))
    }

    /// The reads passed on to the decoder since the last call, as they went.
    func passedOn() throws -> [String] {
        var reads: [String] = []
        while let read = try channel.readInbound(as: ByteBuffer.self) { reads.append(String(buffer: read)) }
        return reads
    }

    /// The bytes the lane sent since the last call.
    func sent() throws -> String {
        var bytes = ""
        while let write = try channel.readOutbound(as: ByteBuffer.self) { bytes += String(buffer: write) }
        return bytes
    }

    /// The router's response to one request passed on ends.
    func routerAnswers() throws {
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        _ = try channel.readOutbound(as: HTTPResponsePart.self)
    }
}
