import HotLane
import NIOCore
import NIOHTTPTypes

/// `server.idle_timeout`: a connection on which nothing was read or answered for this long is
/// closed — never while a request that was read whole is still being answered. The rules of
/// Hummingbird's own idle handler, which only sees the requests that reach the router; this one
/// also counts the requests the hot lane answered in front of the decoder (``HotLaneListener``),
/// so a connection the lane keeps busy is not idle.
final class IdleTimeout: ChannelDuplexHandler, RemovableChannelHandler, HotLaneListener {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    /// When something was last read or answered, on the event loop's clock (``EventLoop/now``).
    private var lastActive = NIODeadline.uptimeNanoseconds(0)
    /// Requests read (their heads) whose responses have not ended.
    private var inProgress = 0
    /// A request's head was read, its end not yet.
    private var reading = false
    private var check: Scheduled<Void>?
    /// Its place in the pipeline while it is in one (for ``laneRead(pending:)``).
    private var context: ChannelHandlerContext?

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { active(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        check?.cancel()
        check = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        active(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        check?.cancel()
        check = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        lastActive = context.eventLoop.now
        switch unwrapInboundIn(data) {
        case .head:
            inProgress += 1
            reading = true
        case .end:
            reading = false
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), inProgress > 0 {
            inProgress -= 1
            if inProgress == 0 {
                lastActive = context.eventLoop.now
                schedule(context, at: lastActive + timeout)
            }
        }
        context.write(data, promise: promise)
    }

    func laneRead(pending: Bool) {
        guard let context else { return }
        active(context)
    }

    private func active(_ context: ChannelHandlerContext) {
        lastActive = context.eventLoop.now
        schedule(context, at: lastActive + timeout)
    }

    private func schedule(_ context: ChannelHandlerContext, at deadline: NIODeadline) {
        guard check == nil else { return }
        check = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [weak self] in
            guard let self else { return }
            self.check = nil
            // A request read whole is being answered: its response's end schedules the next check.
            if !self.reading, self.inProgress > 0 { return }
            if context.eventLoop.now >= self.lastActive + self.timeout {
                context.close(promise: nil)
            } else {
                self.schedule(context, at: self.lastActive + self.timeout)
            }
        }
    }
}
