import NIOCore
import NIOHTTPTypes

/// Counts the requests ``HotLaneHandler`` passed on to the HTTP decoder whose responses have not
/// ended yet: it sits after the HTTP codec and sees each response's end go out. While any is
/// unanswered the lane answers nothing, so pipelined answers keep the requests' order.
package final class RouterAnswers: ChannelOutboundHandler, RemovableChannelHandler {
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    /// Requests passed on, not answered yet (the lane adds them, the ends of their responses take them away).
    var unanswered = 0

    package init() {}

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), unanswered > 0 { unanswered -= 1 }
        context.write(data, promise: promise)
    }
}
