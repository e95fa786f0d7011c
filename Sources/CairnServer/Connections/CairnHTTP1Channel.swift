import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 child channel with Cairn's connection rules: `server.header_timeout`
/// (``RequestHeadTimeout``), `server.idle_timeout` (Hummingbird's idle handler) and an exact `Date`
/// header (``DateHeader``).
struct CairnHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel

    init(responder: @escaping HTTPChannelHandler.Responder, headerTimeout: Double, idleTimeout: Double) {
        let header = TimeAmount.of(seconds: headerTimeout)
        base = HTTP1Channel(responder: responder,
                            configuration: .init(additionalChannelHandlers: [RequestHeadTimeout(timeout: header), DateHeader()],
                                                 idleTimeout: .of(seconds: idleTimeout)))
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            // First in the pipeline: it must see the raw bytes before the HTTP decoder takes them.
            try channel.pipeline.syncOperations.addHandler(RequestBytesSignal())
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return base.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 with the connection rules of `server` (see ``CairnHTTP1Channel``).
    static func cairn(_ server: ServerConfig.Server) -> HTTPServerBuilder {
        let header = server.headerTimeout, idle = server.idleTimeout
        return HTTPServerBuilder { responder in CairnHTTP1Channel(responder: responder, headerTimeout: header, idleTimeout: idle) }
    }
}

extension TimeAmount {
    /// Fractional seconds, to the nanosecond.
    static func of(seconds: Double) -> TimeAmount { .nanoseconds(Int64((seconds * 1e9).rounded())) }
}
