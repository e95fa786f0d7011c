import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// The ``HotLane`` on one HTTP/1.1 connection, in the pipeline just before Hummingbird takes the
/// request parts: a request head the lane answers is answered right here and its parts (the end)
/// never reach Hummingbird; any other request passes on untouched.
///
/// Pipelining keeps its order: the lane answers only while no request it passed on is still
/// unanswered (counted from the ends of the responses Hummingbird writes back through here), and
/// when the connection can take more writes (else Hummingbird, which waits for it, answers). After
/// an answer to `Connection: close`, the output is closed, as Hummingbird does, and nothing more is
/// read. It sits after Hummingbird's connection-state handler, so idle timeouts and graceful
/// shutdown count the lane's requests and answers too.
final class HotLaneHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let lane: HotLane
    /// Requests passed on to Hummingbird whose responses have not ended yet.
    private var passedOn = 0
    /// Dropping the rest of a request the lane answered (up to its end).
    private var skipping = false
    /// An answer to `Connection: close` went out: every later part is dropped.
    private var closed = false
    /// Answers written since the last flush.
    private var unflushed = false

    init(lane: HotLane) {
        self.lane = lane
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closed else { return }
        let part = unwrapInboundIn(data)
        if skipping {
            if case .end = part { skipping = false }
            return
        }
        guard case .head(let head) = part else { return context.fireChannelRead(data) }
        guard passedOn == 0, context.channel.isWritable, let answer = lane.answer(head) else {
            passedOn += 1
            return context.fireChannelRead(data)
        }
        skipping = true
        write(answer, context: context)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        flushIfNeeded(context)
        context.fireChannelReadComplete()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), passedOn > 0 { passedOn -= 1 }
        context.write(data, promise: promise)
    }

    func flush(context: ChannelHandlerContext) {
        unflushed = false
        context.flush()
    }

    /// Writes the answer; flushed when this read is done (pipelined answers go out together), or
    /// at once with `Connection: close`, then the output is closed once it is written.
    private func write(_ answer: HotAnswer, context: ChannelHandlerContext) {
        context.write(wrapOutboundOut(.head(answer.head)), promise: nil)
        if let body = answer.body { context.write(wrapOutboundOut(.body(body)), promise: nil) }
        guard answer.closes else {
            context.write(wrapOutboundOut(.end(nil)), promise: nil)
            unflushed = true
            return
        }
        closed = true
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        unflushed = false
        written.futureResult.assumeIsolated().whenComplete { _ in context.close(mode: .output, promise: nil) }
    }

    private func flushIfNeeded(_ context: ChannelHandlerContext) {
        guard unflushed else { return }
        unflushed = false
        context.flush()
    }
}
