import NIOCore
import NIOHTTP1

/// RFC 9112 §3.2: an HTTP/1.1 request without a `Host` field, and any request with more than one,
/// is answered `400 Bad Request` (HTTP/1.0 without `Host` stays allowed). It sits right after
/// NIO's HTTP/1 decoder, before the conversion to HTTPTypes, which keeps the first `Host` as the
/// authority and forgets the version. Such a head is refused as the decoder refuses a malformed
/// one: ``HTTPParserError/invalidHost`` goes down the pipeline, Hummingbird answers the requests
/// before it and then `400` with `Connection: close` and closes; nothing more is read here.
///
/// The hot lane never answers such a head (``RawRequestHead`` leaves it to the decoder), so both
/// paths refuse it with the same bytes.
final class HostFieldCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    /// A head was refused: every later part of the connection is dropped.
    private var refused = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        if case .head(let head) = unwrapInboundIn(data), !Self.isAcceptable(head) {
            refused = true
            context.fireErrorCaught(HTTPParserError.invalidHost)
            return
        }
        context.fireChannelRead(data)
    }

    /// One `Host` field, or none on HTTP/1.0.
    static func isAcceptable(_ head: HTTPRequestHead) -> Bool {
        var hosts = 0
        for field in head.headers where field.name.utf8.count == 4 && field.name.lowercased() == "host" { hosts += 1 }
        return hosts == 1 || (hosts == 0 && head.version == .http1_0)
    }
}
