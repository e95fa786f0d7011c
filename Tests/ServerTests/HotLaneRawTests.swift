import Foundation
import Testing
import TestTier
import TestUpstream

/// The path at which the shared server's upstream answers after half a second: asked for only by
/// ``HotLaneRawTests/pipelinedRequestsStayInOrder()``.
private let slowUpstreamPath = "/3/4/2.png"

/// The hot lane in front of the HTTP decoder (docs/hot-lane.md) on a live connection: raw
/// requests pipelined in one write, lane and router answers mixed and in order, also behind a slow
/// miss; kept-alive requests on one connection; a head split across writes; `Connection: close` in
/// the middle of a pipeline; a body, which leaves the rest of the connection to the router;
/// HTTP/1.0; each answer counted and logged once. The tests share one
/// server and run one after the other (each counts the lane's answers from where it starts); the
/// header and idle timeouts counting the lane's requests are ``HotLaneTimeoutTests``, on a server
/// with short timeouts.
@Suite(.process, .serialized, .sharedServer(upstream: { FixtureTiles.reply(for: $0.path, delay: $0.path == slowUpstreamPath ? 0.5 : 0) },
                                            config: { HotLaneTests.config($0) }))
struct HotLaneRawTests {
    static let tile = "/tiles/world/2/2/1.png", badge = "/badges/42.png"

    /// The shared server with `tile` and the badge in memory, their first answers, and its lane count so far.
    static func warmServer(tile target: String = tile) throws -> (server: ServerProcess, tile: HTTPResponse, badge: HTTPResponse, answered: Double) {
        try warm(ServerProcess.shared(), tile: target)
    }

    /// `server` with `tile` and the badge in memory, their first answers, and its lane count so far.
    static func warm(_ server: ServerProcess, tile target: String = tile) throws
        -> (server: ServerProcess, tile: HTTPResponse, badge: HTTPResponse, answered: Double) {
        let tile = try server.request(target), badge = try server.request(Self.badge)
        #expect(try server.request(target).header("Cache-Status") == "cairn; hit")
        #expect(try server.request(Self.badge).header("Cache-Status") == "cairn; hit")
        return (server, tile, badge, try server.metric("cairn_hot_lane_answers_total") ?? 0)
    }

    static func get(_ target: String, _ lines: String = "") -> String {
        "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(lines)\r\n"
    }

    private static func requestLines(_ server: ServerProcess, path: String) -> Int {
        server.log.split(separator: "\n").filter { $0.contains(" request ") && $0.contains("path=\(path) ") }.count
    }

    /// A hit, a request the router takes (`/health`), two hits and a 304 in one write: answered in
    /// order; the lane takes only the first (the rest wait behind `/health`), and both of the
    /// next write's hits. Each answer is counted and logged once, whichever way it went.
    @Test func pipelinedLaneAndRouterRequestsInOneWriteStayInOrder() throws {
        // A tile no other test asks for: its log lines are this test's.
        let own = "/tiles/world/3/5/3.png"
        let (server, tile, badge, answered) = try Self.warmServer(tile: own)
        let etag = try #require(tile.header("ETag"))
        // The warm-up's two tile requests, once the batched request log has written them (every 20 ms).
        #expect(eventually { Self.requestLines(server, path: own) == 2 })
        let tilesLogged = Self.requestLines(server, path: own)
        let requestsBefore = try server.metric("cairn_http_requests_total", ["route": "/tiles/{layer}/{z}/{x}/{file}", "status": "200"]) ?? 0
        let connection = try RawConnection(port: server.port)
        try connection.send(Self.get(own) + Self.get("/health") + Self.get(Self.badge) + Self.get(own)
                            + Self.get(own, "If-None-Match: \(etag)\r\n"))
        let answers = try HotLaneTests.read(5, from: connection)
        #expect(answers.map(\.status) == [200, 200, 200, 200, 304])
        #expect(answers[0].body == tile.body && answers[2].body == badge.body && answers[3].body == tile.body && answers[4].body.isEmpty)
        #expect(answers[1].header("Cache-Status") == nil && answers[4].header("ETag") == etag)
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 1)

        try connection.send(Self.get(own) + Self.get(Self.badge))
        let next = try HotLaneTests.read(2, from: connection)
        #expect(next.map(\.body) == [tile.body, badge.body] && next.allSatisfy { $0.header("Cache-Status") == "cairn; hit" })
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 3)
        #expect(!connection.isClosed(within: 0.2))
        // Four tile answers (three 200s, one 304), each counted and logged once.
        #expect(try server.metric("cairn_http_requests_total", ["route": "/tiles/{layer}/{z}/{x}/{file}", "status": "200"]) == requestsBefore + 3)
        #expect(eventually { Self.requestLines(server, path: own) == tilesLogged + 4 }, "\(Self.requestLines(server, path: own) - tilesLogged) lines")
    }

    /// A head cut in two writes — inside the request line, inside a header, and the next request's
    /// start after a whole one — is answered whole by the lane over a socket, however the kernel
    /// delivers the writes. (That a read ending anywhere inside a head is held until the rest comes
    /// is proved read by read on an `EmbeddedChannel`: HotLaneHandlerTests.)
    @Test func aHeadSplitAcrossWritesIsAnsweredWhole() throws {
        let (server, tile, badge, answered) = try Self.warmServer()
        let connection = try RawConnection(port: server.port)
        let cuts = [(Self.get(Self.tile), 2), (Self.get(Self.tile), 33), (Self.get(Self.badge, "Accept: */*\r\n"), 45)]
        for (text, cut) in cuts {
            try connection.send(String(text.prefix(cut)))
            try connection.send(String(text.dropFirst(cut)))
        }
        let answers = try HotLaneTests.read(3, from: connection)
        #expect(answers.map(\.body) == [tile.body, tile.body, badge.body])
        try connection.send(Self.get(Self.tile) + "GET /badges/42.png HTT")
        try connection.send("P/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try HotLaneTests.read(2, from: connection).map(\.body) == [tile.body, badge.body])
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 5)
    }

    /// `Connection: close` in the middle of a pipeline: that answer, then the end of the
    /// connection; the request after it is neither answered nor counted.
    @Test func connectionCloseEndsThePipeline() throws {
        let (server, tile, _, answered) = try Self.warmServer()
        let connection = try RawConnection(port: server.port)
        try connection.send(Self.get(Self.tile) + Self.get(Self.tile, "Connection: close\r\n") + Self.get(Self.badge))
        #expect(try HotLaneTests.read(2, from: connection).map(\.body) == [tile.body, tile.body])
        #expect(connection.isClosed(within: 2))
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 2)
    }

    /// A request with a body goes to the router with everything after it on the connection (the
    /// lane no longer knows where requests start there); HTTP/1.0 goes to the router too.
    @Test func bodiesAndHTTP10GoToTheRouter() throws {
        let (server, tile, badge, answered) = try Self.warmServer()
        let connection = try RawConnection(port: server.port)
        try connection.send(Self.get(Self.tile, "Content-Length: 3\r\n") + "abc" + Self.get(Self.badge))
        let answers = try HotLaneTests.read(2, from: connection)
        #expect(answers.map(\.body) == [tile.body, badge.body] && answers.allSatisfy { $0.header("Cache-Status") == "cairn; hit" })
        #expect(try connection.get(Self.tile).body == tile.body)
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered)

        let old = try RawConnection(port: server.port)
        try old.send("GET \(Self.tile) HTTP/1.0\r\n\r\n")
        let answer = try #require(try HotLaneTests.read(1, from: old).first)
        #expect(answer.status == 200 && answer.body == tile.body && answer.header("Cache-Status") == "cairn; hit")
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered)
    }

    /// Pipelined on one connection: a hit, a miss that takes the upstream half a second, two more
    /// hits — answered in that order; the lane answers the first only (the others wait behind the
    /// miss, so the router answers them), and again once the miss is answered.
    @Test func pipelinedRequestsStayInOrder() throws {
        let server = try ServerProcess.shared()
        let tile = try server.request("/tiles/world/2/2/1.png"), badge = try server.request("/badges/42.png")
        #expect(try server.request("/tiles/world/2/2/1.png").header("Cache-Status") == "cairn; hit")
        let answered = try server.metric("cairn_hot_lane_answers_total") ?? 0
        let connection = try RawConnection(port: server.port)
        let targets = ["/tiles/world/2/2/1.png", "/tiles/world/3/4/2.png", "/badges/42.png", "/tiles/world/2/2/1.png"]
        try connection.send(targets.map { "GET \($0) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" }.joined())
        let answers = try HotLaneTests.read(targets.count, from: connection)
        #expect(answers.map(\.status) == [200, 200, 200, 200])
        #expect(answers.map { $0.header("Cache-Status") ?? "" } == ["cairn; hit", "cairn; fwd=miss; stored", "cairn; hit", "cairn; hit"])
        #expect(answers[0].body == tile.body && answers[2].body == badge.body && answers[3].body == tile.body)
        #expect(answers[1].body.count > 1000 && answers[1].header("ETag") != tile.header("ETag"))
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 1)
        // Nothing passed on is unanswered now: the lane takes the next one, on the same connection.
        let again = try connection.get("/tiles/world/3/4/2.png")
        #expect(again.status == 200 && again.body == answers[1].body && again.header("Cache-Status") == "cairn; hit")
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 2)
        #expect(!connection.isClosed(within: 0.2))
    }

    /// Kept-alive requests are all answered on one connection that stays open; `Connection: close`
    /// is answered and then the server ends the connection (every `ServerProcess.request` relies
    /// on it); a GET with a body and a POST go to the router.
    @Test func keepAliveCloseAndBodiesAreRespected() throws {
        let server = try ServerProcess.shared()
        let first = try server.request("/tiles/world/2/2/1.png")
        let answered = try server.metric("cairn_hot_lane_answers_total") ?? 0
        let connection = try RawConnection(port: server.port)
        for _ in 0..<5 {
            let answer = try connection.get("/tiles/world/2/2/1.png")
            #expect(answer.status == 200 && answer.body == first.body && answer.header("Cache-Status") == "cairn; hit")
        }
        #expect(!connection.isClosed(within: 0.2))
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 5)
        // The last request of a connection: answered, then the connection ends (no client timeout).
        let started = Date()
        let closing = try HTTPClient.send("GET", "/tiles/world/2/2/1.png", port: server.port, timeout: 5)
        #expect(closing.status == 200 && closing.body == first.body && Date().timeIntervalSince(started) < 2)
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 6)
        let withBody = try server.request("/tiles/world/2/2/1.png", body: Array("abc".utf8))
        #expect(withBody.status == 200 && withBody.body == first.body)
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 6)
    }
}

/// The hot lane and the connection timeouts on a live connection (their rules in process:
/// ``ConnectionTimeoutTests``), on a server of its own whose timeouts are a second.
@Suite(.process) struct HotLaneTimeoutTests {
    /// A connection the lane keeps busy is not idle: it stays open past `idle_timeout` while
    /// requests come, and is closed once they stop. A half-sent head the lane holds is cut off
    /// after `header_timeout`.
    @Test func theLanesRequestsCountForTheIdleAndHeaderTimeouts() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: HotLaneTests.config(upstream, sections: "server: {idle_timeout: 1s, header_timeout: 1s}"))
        defer { server.kill() }
        let (_, tile, _, answered) = try HotLaneRawTests.warm(server)
        let connection = try RawConnection(port: server.port)
        for _ in 0..<6 {
            #expect(try connection.get(HotLaneRawTests.tile).body == tile.body)
            #expect(!connection.isClosed(within: 0.4))
        }
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 6)
        #expect(connection.isClosed(within: 4), "an idle connection stayed open past idle_timeout")

        let half = try RawConnection(port: server.port)
        #expect(try half.get(HotLaneRawTests.tile).body == tile.body)
        try half.send("GET \(HotLaneRawTests.tile) HTTP/1.1\r\nHost: 127.")
        let sent = Date()
        #expect(half.isClosed(within: 4), "a half-sent head stayed open")
        #expect(Date().timeIntervalSince(sent) >= 0.8)
    }
}
