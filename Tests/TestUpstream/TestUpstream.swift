import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import TestTier

/// A real HTTP server on a loopback port for tests: it answers every request with whatever the
/// test's handler says, including the faults a tile server can have (errors, slow answers,
/// garbage, truncated bodies), and counts the requests per path.
public final class TestUpstream: Sendable {
    /// One request as the upstream saw it.
    public struct Request: Sendable {
        public let path: String
        public let headers: [(name: String, value: String)]

        public func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// What to answer.
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]
        /// Seconds to wait before answering.
        public var delay: Double
        /// Announce the whole body's length, send half of it and close the connection.
        public var truncated: Bool
        /// Send the body with `Transfer-Encoding: chunked` (1 kB chunks), without a `Content-Length`.
        public var chunked: Bool
        /// Seconds between the head (sent at once, after `delay`) and the body.
        public var bodyDelay: Double

        public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
                    delay: Double = 0, truncated: Bool = false, chunked: Bool = false, bodyDelay: Double = 0) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.truncated = truncated
            self.chunked = chunked
            self.bodyDelay = bodyDelay
        }

        public static func status(_ code: Int) -> Reply { Reply(status: code) }
        public static func bytes(_ body: [UInt8], type: String = "image/png") -> Reply {
            Reply(headers: [("Content-Type", type)], body: body)
        }
    }

    public typealias Handler = @Sendable (Request) -> Reply

    public let port: Int
    private let channel: any Channel
    private let counts: RequestCounts

    /// Starts listening on 127.0.0.1 at a free port.
    public init(handler: @escaping Handler) throws {
        try TestTier.requireProcesses("a test upstream on a socket")
        let counts = RequestCounts()
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(UpstreamHandler(handler: handler, counts: counts))
                }
            }
        channel = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
        port = channel.localAddress?.port ?? 0
        self.counts = counts
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Requests seen for `path` so far.
    public func requests(for path: String) -> Int { counts.paths.withLock { $0[path] ?? 0 } }

    /// Requests seen in all.
    public var totalRequests: Int { counts.paths.withLock { $0.values.reduce(0, +) } }

    /// The most requests the upstream was answering at one time (received, reply not yet sent).
    public var maximumConcurrentRequests: Int { counts.concurrency.withLock { $0.maximum } }

    public func stop() {
        try? channel.close().wait()
    }
}

private final class UpstreamHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let handler: TestUpstream.Handler
    private let counts: RequestCounts
    private var head: HTTPRequestHead?

    init(handler: @escaping TestUpstream.Handler, counts: RequestCounts) {
        self.handler = handler
        self.counts = counts
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end:
            guard let head else { return }
            let path = String(head.uri.split(separator: "?").first ?? "")
            counts.paths.withLock { $0[path, default: 0] += 1 }
            counts.concurrency.withLock { $0.now += 1; $0.maximum = max($0.maximum, $0.now) }
            let request = TestUpstream.Request(path: path, headers: head.headers.map { ($0.name, $0.value) })
            let reply = handler(request)
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            let keepAlive = head.isKeepAlive
            context.eventLoop.scheduleTask(in: .milliseconds(Int64(reply.delay * 1000))) {
                self.send(reply, context: loopBound.value, keepAlive: keepAlive)
            }
        }
    }

    private func send(_ reply: TestUpstream.Reply, context: ChannelHandlerContext, keepAlive: Bool) {
        counts.concurrency.withLock { $0.now -= 1 }
        guard context.channel.isActive else { return }
        var headers = HTTPHeaders(reply.headers)
        if reply.chunked {
            headers.replaceOrAdd(name: "Transfer-Encoding", value: "chunked")
        } else {
            headers.replaceOrAdd(name: "Content-Length", value: String(reply.body.count))
        }
        if !keepAlive || reply.truncated { headers.replaceOrAdd(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: reply.status), headers: headers)
        guard reply.bodyDelay > 0 else {
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            return sendBody(reply, context: context, keepAlive: keepAlive)
        }
        context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .milliseconds(Int64(reply.bodyDelay * 1000))) {
            guard loopBound.value.channel.isActive else { return }
            self.sendBody(reply, context: loopBound.value, keepAlive: keepAlive)
        }
    }

    private func sendBody(_ reply: TestUpstream.Reply, context: ChannelHandlerContext, keepAlive: Bool) {
        let sent = reply.truncated ? Array(reply.body.prefix(reply.body.count / 2)) : reply.body
        // Chunked: one body part per chunk (NIO's encoder frames each part as a chunk).
        let partSize = reply.chunked ? 1024 : max(1, sent.count)
        for start in stride(from: 0, to: sent.count, by: partSize) {
            let part = sent[start..<min(sent.count, start + partSize)]
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: part)))), promise: nil)
        }
        if reply.truncated {
            context.flush()
            context.close(promise: nil)
            return
        }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            if !keepAlive { channel.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// Requests per path, and how many are being answered at once, shared by the connections' handlers.
private final class RequestCounts: Sendable {
    let paths = Mutex<[String: Int]>([:])
    let concurrency = Mutex<(now: Int, maximum: Int)>((0, 0))
}
