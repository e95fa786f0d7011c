import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// A request the HTTP/1 parser refuses (bad framing, header fields over NIO's limits, no or two
/// `Host` fields: ``HostFieldCheck``) is answered by Hummingbird itself, after the answers to the
/// requests pipelined before it, with a bare `400`, `Connection: close` and no body. This handler
/// gives that answer the server's error shape (``ErrorAnswer``): a `Content-Type` and a body naming
/// the problem, and `431` for header fields over the limits (RFC 6585 §5). It hears the parser's
/// error on its way to Hummingbird and rewrites the bodiless `400` that follows it.
final class RefusedRequestAnswer: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The answer to the refused request, from the parser's error until Hummingbird writes it.
    private var refusal: ErrorAnswer?

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? HTTPParserError { refusal = Self.answer(to: error) }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // Every answer from a route has a `Content-Type`; Hummingbird's answer to a refused request has none.
        guard let refusal, case .head(var head) = unwrapOutboundIn(data), head.status == .badRequest,
              head.headerFields[.contentType] == nil else {
            return context.write(data, promise: promise)
        }
        self.refusal = nil
        let body = refusal.body
        head.status = refusal.status
        for field in refusal.fields { head.headerFields[field.name] = field.value }
        head.headerFields[.contentLength] = String(body.readableBytes)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: promise)
    }

    /// What the answer says for each way a request is refused.
    static func answer(to error: HTTPParserError) -> ErrorAnswer {
        switch error {
        case .headerOverflow:
            ErrorAnswer(status: .requestHeaderFieldsTooLarge, message: "the request's header fields are over the server's limit")
        case .invalidHost:
            ErrorAnswer(status: .badRequest, message: "a request needs exactly one Host field (HTTP/1.0 may leave it out)")
        default:
            ErrorAnswer(status: .badRequest, message: "the request is not valid HTTP/1.1 (\(error))")
        }
    }
}
