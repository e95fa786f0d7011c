import HotLane
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1.1 child channel with Cairn's connection rules: `server.header_timeout`
/// (``RequestHeadTimeout``), `server.idle_timeout` (``IdleTimeout``, which also counts the hot
/// lane's answers), an exact `Date` header (``DateHeader``), one `Host` a request
/// (``HostFieldCheck``, right after the HTTP decoder), a body on the answer to a request the parser
/// refuses (``RefusedRequestAnswer``) and, unless it is off, the hot lane
/// (``HotLaneHandler``) in front of the HTTP decoder.
struct CairnHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let lane: HotLane?

    init(responder: @escaping HTTPChannelHandler.Responder, headerTimeout: Double, idleTimeout: Double, lane: HotLane?) {
        let header = TimeAmount.of(seconds: headerTimeout)
        base = HTTP1Channel(responder: responder,
                            configuration: .init(additionalChannelHandlers: [RequestHeadTimeout(timeout: header), DateHeader(),
                                                                              IdleTimeout(timeout: .of(seconds: idleTimeout)),
                                                                              RefusedRequestAnswer()]))
        self.lane = lane
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            // First in the pipeline: it must see the raw bytes before the HTTP decoder takes them.
            try channel.pipeline.syncOperations.addHandler(RequestBytesSignal())
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        let lane = lane
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            // Where the decoded head still has its version and every `Host` line.
            try operations.addHandler(HostFieldCheck(), position: .after(try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)))
            guard let lane else { return value }
            // The lane first of all (the signal then only hears of the bytes the decoder gets); what
            // counts the router's answers after the HTTP codec, where the ends of its responses go out.
            let router = RouterAnswers()
            let listeners: [any HotLaneListener] = [try operations.handler(type: RequestHeadTimeout.self),
                                                    try operations.handler(type: IdleTimeout.self)]
            try operations.addHandler(HotLaneHandler(lane: lane, router: router, listeners: listeners),
                                      position: .before(try operations.handler(type: RequestBytesSignal.self)))
            try operations.addHandler(router, position: .after(try operations.handler(type: HTTPConnectionStateHandler.self)))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with the connection rules of `server` (see ``CairnHTTP1Channel``), and `lane` on every connection.
    static func cairn(_ server: ServerConfig.Server, lane: HotLane?) -> HTTPServerBuilder {
        let header = server.headerTimeout, idle = server.idleTimeout
        return HTTPServerBuilder { responder in
            CairnHTTP1Channel(responder: responder, headerTimeout: header, idleTimeout: idle, lane: lane)
        }
    }
}

extension TimeAmount {
    /// Fractional seconds, to the nanosecond.
    static func of(seconds: Double) -> TimeAmount { .nanoseconds(Int64((seconds * 1e9).rounded())) }
}
