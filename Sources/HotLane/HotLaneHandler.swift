import NIOCore

/// The hot lane on one HTTP/1.1 connection, first in the pipeline, in front of NIO's HTTP
/// decoder: it reads the request heads in the raw bytes (``RawRequestHead``) and answers those the
/// server's ``HotAnswering`` can with bytes of its own — head and body, no `HTTPRequest`, no HTTP
/// encoder — flushed once the read is done. Every other request goes on to the decoder and Hummingbird as it came.
///
/// The decoder only ever gets whole requests from here, so it stays at a request's start: a
/// partial head is held until its end arrives (or the input ends), and on anything the lane cannot
/// delimit for sure — a body, an odd line, a head past ``RawRequestHead/maximumLength`` — it stops
/// judging and passes that and all later bytes of the connection on untouched.
///
/// Pipelining keeps its order: the lane answers only while every request it passed on has been
/// answered (``RouterAnswers``) and the connection can take more writes; the requests after one it
/// passed on are passed on too. After an answer to `Connection: close` the output is closed, as
/// Hummingbird does, and nothing more is read. It is first in the pipeline, before the server's
/// `RequestBytesSignal`, which hears only of the bytes that go on to the decoder; a read in
/// which the lane answered something, or began to hold a head, ends with a call to its
/// ``HotLaneListener``s, the header and idle timeouts, which take it as requests read and
/// answered (and a head begun).
package final class HotLaneHandler: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer

    private let lane: any HotAnswering
    private let router: RouterAnswers
    /// What hears of the reads the lane answered: the connection's timeouts.
    private let listeners: [any HotLaneListener]
    private var state = State.judging(pending: nil)
    /// Answers written since the last flush.
    private var unflushed = false

    /// The lane on a connection where `router` counts the requests passed on and `listeners` hear
    /// of the reads the lane answered.
    package init(lane: any HotAnswering, router: RouterAnswers, listeners: [any HotLaneListener]) {
        self.lane = lane
        self.router = router
        self.listeners = listeners
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch state.read() {
        case .drop:
            return
        case .passOn:
            context.fireChannelRead(data)
        case .judge(after: nil):
            judge(unwrapInboundIn(data), wasPending: false, context: context)
        case .judge(after: var held?):
            var bytes = unwrapInboundIn(data)
            held.writeBuffer(&bytes)
            judge(held, wasPending: true, context: context)
        }
    }

    package func channelReadComplete(context: ChannelHandlerContext) {
        if unflushed {
            unflushed = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    /// The input ended: a partial head held here goes to the decoder, which judges it as ever.
    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed, let held = state.inputClosed() {
            context.fireChannelRead(wrapInboundOut(held))
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Answers or passes on the heads at the front of `buffer` one by one, until it is used up,
    /// a head has not ended (held), something is not the lane's (passed on with all that follows)
    /// or an answer closed the connection.
    private func judge(_ buffer: ByteBuffer, wasPending: Bool, context: ChannelHandlerContext) {
        var buffer = buffer
        var answered = false
        heads: while buffer.readableBytes > 0 {
            switch buffer.withUnsafeReadableBytes(RawRequestHead.scan) {
            case .incomplete:
                state.hold(buffer)
                break heads
            case .unsupported:
                state.stopJudging()
                context.fireChannelRead(wrapInboundOut(buffer))
                break heads
            case .head(let head, let length):
                if router.unanswered == 0, context.channel.isWritable, let answer = lane.answer(head) {
                    buffer.moveReaderIndex(forwardBy: length)
                    answered = true
                    write(answer, context: context)
                    if state.isClosed { break heads }
                } else {
                    router.unanswered += 1
                    context.fireChannelRead(wrapInboundOut(buffer.readSlice(length: length)!))
                }
            }
        }
        let pending = state.isHolding
        if answered || (pending && !wasPending) {
            for listener in listeners { listener.laneRead(pending: pending) }
        }
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
        state.close()
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

extension HotLaneHandler {
    /// Where the connection stands. It only moves forward — judging, then passing through or
    /// closed — and only by the methods below.
    enum State {
        /// Reading request heads; `pending` is the start of one whose end has not arrived.
        case judging(pending: ByteBuffer?)
        /// The lane has stopped judging: every byte goes on to the decoder.
        case passingThrough
        /// An answer to `Connection: close` went out: every later byte is dropped.
        case closed

        /// What to do with the bytes of a read.
        enum Read {
            /// Judge them, after the start of a head held from before (now taken out of the state).
            case judge(after: ByteBuffer?)
            /// Pass them on untouched.
            case passOn
            /// Drop them.
            case drop
        }

        /// Bytes arrived.
        mutating func read() -> Read {
            switch self {
            case .judging(pending: let held):
                self = .judging(pending: nil)
                return .judge(after: held)
            case .passingThrough:
                return .passOn
            case .closed:
                return .drop
            }
        }

        /// The head at the front of `rest` has not ended: it is held for the next read.
        mutating func hold(_ rest: ByteBuffer) {
            self = .judging(pending: rest)
        }

        /// Something the lane cannot delimit for sure: it and every later byte go on.
        mutating func stopJudging() {
            self = .passingThrough
        }

        /// An answer to `Connection: close` went out (a held head goes with the rest).
        mutating func close() {
            self = .closed
        }

        /// The input ended: the start of a head held here, now to go on, after which the lane stops judging.
        mutating func inputClosed() -> ByteBuffer? {
            guard case .judging(pending: let held?) = self else { return nil }
            self = .passingThrough
            return held
        }

        /// The start of a head is held.
        var isHolding: Bool {
            if case .judging(pending: .some) = self { true } else { false }
        }

        var isClosed: Bool {
            if case .closed = self { true } else { false }
        }
    }
}
