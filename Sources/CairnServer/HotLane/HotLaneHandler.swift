import NIOCore

/// The ``HotLane`` on one HTTP/1.1 connection, first in the pipeline, in front of NIO's HTTP
/// decoder: it reads the request heads in the raw bytes (``RawRequestHead``) and answers those the
/// lane can with bytes of its own — head and body, no `HTTPRequest`, no HTTP encoder — flushed
/// once the read is done. Every other request goes on to the decoder and Hummingbird as it came.
///
/// The decoder only ever gets whole requests from here, so it stays at a request's start: a
/// partial head is held until its end arrives (or the input ends), and on anything the lane cannot
/// delimit for sure — a body, an odd line, a head past ``RawRequestHead/maximumLength`` — it stops
/// judging and passes that and all later bytes of the connection on untouched.
///
/// Pipelining keeps its order: the lane answers only while every request it passed on has been
/// answered (``RouterAnswers``) and the connection can take more writes; the requests after one it
/// passed on are passed on too. After an answer to `Connection: close` the output is closed, as
/// Hummingbird does, and nothing more is read. It is first in the pipeline, before
/// ``RequestBytesSignal``, which hears only of the bytes that go on to the decoder; a read in
/// which the lane answered something, or began to hold a head, ends with a call to its
/// ``HotLaneListener``s, the header and idle timeouts, which take it as requests read and
/// answered (and a head begun).
final class HotLaneHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let lane: HotLane
    private let router: RouterAnswers
    /// What hears of the reads the lane answered: the connection's timeouts.
    private let listeners: [any HotLaneListener]
    /// The start of a head whose end has not arrived.
    private var pending: ByteBuffer?
    /// The lane has stopped judging: every byte goes on to the decoder.
    private var passingThrough = false
    /// An answer to `Connection: close` went out: every later byte is dropped.
    private var closed = false
    /// Answers written since the last flush.
    private var unflushed = false

    init(lane: HotLane, router: RouterAnswers, listeners: [any HotLaneListener]) {
        self.lane = lane
        self.router = router
        self.listeners = listeners
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closed else { return }
        guard !passingThrough else { return context.fireChannelRead(data) }
        var buffer = unwrapInboundIn(data)
        let wasPending = pending != nil
        if var held = pending {
            pending = nil
            held.writeBuffer(&buffer)
            buffer = held
        }
        var answered = false
        while buffer.readableBytes > 0, !closed {
            switch buffer.withUnsafeReadableBytes(RawRequestHead.scan) {
            case .incomplete:
                pending = buffer
                buffer.clear()
            case .unsupported:
                passingThrough = true
                context.fireChannelRead(wrapInboundOut(buffer))
                buffer.clear()
            case .head(let head, let length):
                if router.unanswered == 0, context.channel.isWritable, let answer = lane.answer(head) {
                    buffer.moveReaderIndex(forwardBy: length)
                    answered = true
                    write(answer, context: context)
                } else {
                    router.unanswered += 1
                    context.fireChannelRead(wrapInboundOut(buffer.readSlice(length: length)!))
                }
            }
        }
        if answered || (pending != nil && !wasPending) {
            for listener in listeners { listener.laneRead(pending: pending != nil) }
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if unflushed {
            unflushed = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    /// The input ended: a partial head held here goes to the decoder, which judges it as ever.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed, let held = pending, !closed {
            pending = nil
            passingThrough = true
            context.fireChannelRead(wrapInboundOut(held))
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Writes the answer's head and body (flushed when this read is done: pipelined answers go
    /// out together), or at once with `Connection: close`, then the output is closed once it is written.
    private func write(_ answer: HotAnswer, context: ChannelHandlerContext) {
        let head = answer.head
        guard answer.closes else {
            context.write(NIOAny(head), promise: nil)
            if let body = answer.body { context.write(NIOAny(body), promise: nil) }
            unflushed = true
            return
        }
        closed = true
        pending = nil
        let written = context.eventLoop.makePromise(of: Void.self)
        if let body = answer.body {
            context.write(NIOAny(head), promise: nil)
            context.writeAndFlush(NIOAny(body), promise: written)
        } else {
            context.writeAndFlush(NIOAny(head), promise: written)
        }
        unflushed = false
        written.futureResult.assumeIsolated().whenComplete { _ in context.close(mode: .output, promise: nil) }
    }
}
