import HotLane
import NIOCore
import NIOHTTPTypes

/// `server.header_timeout`, as nginx's `client_header_timeout`: a client has this long to send a
/// whole request head, counted from the moment it connects or, on a kept-alive connection, from
/// the first byte of its next request. Past it the connection is closed, so slow or half-sent
/// heads (slowloris) cannot hold connections open. Idle kept-alive connections are not affected:
/// the clock only starts when bytes of a new request arrive (`server.idle_timeout` closes those).
///
/// It sits after the HTTP decoder, where complete heads show; ``RequestBytesSignal``, before the
/// decoder, tells it when raw bytes arrive for the decoder, and the hot lane, in front of both,
/// when it answered heads itself or holds the start of one (``HotLaneListener``).
final class RequestHeadTimeout: ChannelInboundHandler, RemovableChannelHandler, HotLaneListener {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private enum Phase {
        /// Connected, or bytes of a new request arrived: the head is due.
        case awaitingHead
        /// The head arrived; the body (if any) is being read.
        case readingRequest
        /// The last request was read whole; waiting for the next one costs nothing here.
        case betweenRequests
    }

    private let timeout: TimeAmount
    private var phase = Phase.awaitingHead
    private var deadline: Scheduled<Void>?
    /// Its place in the pipeline while it is in one (for ``laneRead(pending:)``).
    private var context: ChannelHandlerContext?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { arm(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        disarm()
    }

    func channelActive(context: ChannelHandlerContext) {
        if phase == .awaitingHead { arm(context) }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            phase = .readingRequest
            disarm()
        case .end:
            phase = .betweenRequests
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is RequestBytesSignal.Arrived else { return context.fireUserInboundEventTriggered(event) }
        if phase == .betweenRequests {
            phase = .awaitingHead
            arm(context)
        }
    }

    /// The lane read and answered whole requests: only a head it holds half of is due.
    func laneRead(pending: Bool) {
        guard let context else { return }
        if pending {
            phase = .awaitingHead
            arm(context)
        } else if phase == .awaitingHead {
            phase = .betweenRequests
            disarm()
        }
    }

    private func arm(_ context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [weak self] in
            guard let self, self.phase == .awaitingHead else { return }
            self.deadline = nil
            context.close(promise: nil)
        }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }
}

/// Placed before the HTTP decoder: announces every read of raw bytes to ``RequestHeadTimeout``
/// (an inbound user event, which reaches it before the bytes are decoded).
final class RequestBytesSignal: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The event: bytes came in.
    struct Arrived {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireUserInboundEventTriggered(Arrived())
        context.fireChannelRead(data)
    }
}
