import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
@testable import CairnServer

/// `server.header_timeout` (``RequestHeadTimeout``) and `server.idle_timeout` (``IdleTimeout``) in
/// process: the two handlers as ``CairnHTTP1Channel`` places them after the HTTP decoder, on an
/// `EmbeddedChannel` whose event loop's time moves only when the test advances it, so each timeout
/// is shown to the nanosecond without waiting for it. ``SlowClientTests`` shows them on a real
/// socket.
@Suite struct ConnectionTimeoutTests {
    /// A connected channel with a header timeout of `header` seconds and an idle timeout of `idle`.
    private func connection(header: Int64, idle: Int64) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers(RequestHeadTimeout(timeout: .seconds(header)), IdleTimeout(timeout: .seconds(idle)))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        return channel
    }

    /// Bytes of a request arrive (as ``RequestBytesSignal`` announces them), then its head and end.
    private func request(_ channel: EmbeddedChannel) throws {
        channel.pipeline.fireUserInboundEventTriggered(RequestBytesSignal.Arrived())
        try channel.writeInbound(HTTPRequestPart.head(HTTPRequest(method: .get, scheme: nil, authority: "x", path: "/health")))
        try channel.writeInbound(HTTPRequestPart.end(nil))
    }

    /// The router's answer goes out whole.
    private func answer(_ channel: EmbeddedChannel) throws {
        try channel.writeOutbound(HTTPResponsePart.head(HTTPTypes.HTTPResponse(status: .ok)))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
    }

    /// Whether the channel is still open `seconds` from now, and whether it is closed a nanosecond later.
    private func closes(_ channel: EmbeddedChannel, after seconds: Int64) -> Bool {
        channel.embeddedEventLoop.advanceTime(by: .seconds(seconds) - .nanoseconds(1))
        let openBefore = channel.isActive
        channel.embeddedEventLoop.advanceTime(by: .nanoseconds(1))
        return openBefore && !channel.isActive
    }

    @Test func aConnectionThatSendsNothingIsClosedAtTheHeaderTimeout() throws {
        let channel = try connection(header: 10, idle: 60)
        #expect(closes(channel, after: 10))
    }

    /// A kept-alive connection may idle past the header timeout; the first byte of its next request
    /// starts the header timeout again, and a head left half-sent is cut off then, long before the idle timeout.
    @Test func theHeaderTimeoutCountsFromTheFirstByteOfARequestNotFromIdleness() throws {
        let channel = try connection(header: 10, idle: 60)
        try request(channel)
        try answer(channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(channel.isActive, "an idle kept-alive connection was closed by the header timeout")
        channel.pipeline.fireUserInboundEventTriggered(RequestBytesSignal.Arrived())
        #expect(closes(channel, after: 10))
    }

    /// A head that arrived whole stops the header timeout: its body may take longer.
    @Test func aHeadThatArrivedStopsTheHeaderTimeout() throws {
        let channel = try connection(header: 10, idle: 60)
        channel.pipeline.fireUserInboundEventTriggered(RequestBytesSignal.Arrived())
        try channel.writeInbound(HTTPRequestPart.head(HTTPRequest(method: .post, scheme: nil, authority: "x", path: "/admin/seed")))
        channel.embeddedEventLoop.advanceTime(by: .seconds(30))
        #expect(channel.isActive, "a connection whose head arrived was closed by the header timeout")
    }

    /// Counted from the end of the last answer.
    @Test func anIdleKeptAliveConnectionIsClosedAtTheIdleTimeout() throws {
        let channel = try connection(header: 60, idle: 20)
        channel.embeddedEventLoop.advanceTime(by: .seconds(5))
        try request(channel)
        try answer(channel)
        #expect(closes(channel, after: 20))
    }

    /// A request read whole and still being answered keeps its connection open, however long it takes.
    @Test func aConnectionIsNotIdleWhileItsRequestIsAnswered() throws {
        let channel = try connection(header: 60, idle: 20)
        try request(channel)
        channel.embeddedEventLoop.advanceTime(by: .seconds(100))
        #expect(channel.isActive, "closed while its request was being answered")
        try answer(channel)
        #expect(closes(channel, after: 20))
    }

    /// The hot lane answers requests in front of the decoder and says so (``IdleTimeout/laneRead(pending:)``):
    /// a connection it keeps busy is not idle.
    @Test func theLanesAnswersKeepAConnectionFromBeingIdle() throws {
        let channel = try connection(header: 60, idle: 20)
        let idle = try channel.pipeline.syncOperations.handler(type: IdleTimeout.self)
        channel.embeddedEventLoop.advanceTime(by: .seconds(15))
        idle.laneRead(pending: false)
        #expect(closes(channel, after: 20))
    }
}
