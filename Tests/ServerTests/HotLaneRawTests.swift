import Foundation
import Testing
import TestTier
import TestUpstream

/// The hot lane in front of the HTTP decoder (docs/hot-lane.md) on a live connection: raw
/// requests pipelined in one write, lane and router answers mixed and in order; a head split
/// across writes; `Connection: close` in the middle of a pipeline; a body, which leaves the rest of
/// the connection to the router; HTTP/1.0; the header and idle timeouts counting the lane's
/// requests; each answer counted and logged once.
@Suite(.process) struct HotLaneRawTests {
    static let tile = "/tiles/world/2/2/1.png", badge = "/badges/42.png"

    /// A server with the tile and the badge in memory, their first answers, and its lane count so far.
    private static func warmServer(_ upstream: TestUpstream, sections: String = "") throws
        -> (server: ServerProcess, tile: HTTPResponse, badge: HTTPResponse, answered: Double) {
        let server = try ServerProcess(config: HotLaneTests.config(upstream, sections: sections))
        let tile = try server.request(Self.tile), badge = try server.request(Self.badge)
        #expect(try server.request(Self.tile).header("Cache-Status") == "cairn; hit")
        #expect(try server.request(Self.badge).header("Cache-Status") == "cairn; hit")
        return (server, tile, badge, try server.metric("cairn_hot_lane_answers_total") ?? 0)
    }

    private static func get(_ target: String, _ lines: String = "") -> String {
        "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(lines)\r\n"
    }

    private static func requestLines(_ server: ServerProcess, path: String) -> Int {
        server.log.split(separator: "\n").filter { $0.contains(" request ") && $0.contains("path=\(path) ") }.count
    }

    /// A hit, a request the router takes (`/health`), two hits and a 304 in one write: answered in
    /// order; the lane takes only the first (the rest wait behind `/health`), and both of the
    /// next write's hits. Each answer is counted and logged once, whichever way it went.
    @Test func pipelinedLaneAndRouterRequestsInOneWriteStayInOrder() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let (server, tile, badge, answered) = try Self.warmServer(upstream)
        defer { server.kill() }
        let etag = try #require(tile.header("ETag"))
        // The warm-up's two tile requests, once the batched request log has written them (every 20 ms).
        #expect(eventually { Self.requestLines(server, path: Self.tile) == 2 })
        let tilesLogged = Self.requestLines(server, path: Self.tile)
        let requestsBefore = try server.metric("cairn_http_requests_total", ["route": "/tiles/{layer}/{z}/{x}/{file}", "status": "200"]) ?? 0
        let connection = try RawConnection(port: server.port)
        try connection.send(Self.get(Self.tile) + Self.get("/health") + Self.get(Self.badge) + Self.get(Self.tile)
                            + Self.get(Self.tile, "If-None-Match: \(etag)\r\n"))
        let answers = try HotLaneTests.read(5, from: connection)
        #expect(answers.map(\.status) == [200, 200, 200, 200, 304])
        #expect(answers[0].body == tile.body && answers[2].body == badge.body && answers[3].body == tile.body && answers[4].body.isEmpty)
        #expect(answers[1].header("Cache-Status") == nil && answers[4].header("ETag") == etag)
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 1)

        try connection.send(Self.get(Self.tile) + Self.get(Self.badge))
        let next = try HotLaneTests.read(2, from: connection)
        #expect(next.map(\.body) == [tile.body, badge.body] && next.allSatisfy { $0.header("Cache-Status") == "cairn; hit" })
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 3)
        #expect(!connection.isClosed(within: 0.2))
        // Four tile answers (three 200s, one 304), each counted and logged once.
        #expect(try server.metric("cairn_http_requests_total", ["route": "/tiles/{layer}/{z}/{x}/{file}", "status": "200"]) == requestsBefore + 3)
        #expect(eventually { Self.requestLines(server, path: Self.tile) == tilesLogged + 4 }, "\(Self.requestLines(server, path: Self.tile) - tilesLogged) lines")
    }

    /// A head cut in two writes — inside the request line, inside a header, and the next request's
    /// start after a whole one — is read whole and answered by the lane.
    @Test func aHeadSplitAcrossWritesIsAnsweredWhole() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let (server, tile, badge, answered) = try Self.warmServer(upstream)
        defer { server.kill() }
        let connection = try RawConnection(port: server.port)
        let cuts = [(Self.get(Self.tile), 2), (Self.get(Self.tile), 33), (Self.get(Self.badge, "Accept: */*\r\n"), 45)]
        for (text, cut) in cuts {
            try connection.send(String(text.prefix(cut)))
            Thread.sleep(forTimeInterval: 0.15)
            try connection.send(String(text.dropFirst(cut)))
        }
        let answers = try HotLaneTests.read(3, from: connection)
        #expect(answers.map(\.body) == [tile.body, tile.body, badge.body])
        try connection.send(Self.get(Self.tile) + "GET /badges/42.png HTT")
        Thread.sleep(forTimeInterval: 0.15)
        try connection.send("P/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try HotLaneTests.read(2, from: connection).map(\.body) == [tile.body, badge.body])
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 5)
    }

    /// `Connection: close` in the middle of a pipeline: that answer, then the end of the
    /// connection; the request after it is neither answered nor counted.
    @Test func connectionCloseEndsThePipeline() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let (server, tile, _, answered) = try Self.warmServer(upstream)
        defer { server.kill() }
        let connection = try RawConnection(port: server.port)
        try connection.send(Self.get(Self.tile) + Self.get(Self.tile, "Connection: close\r\n") + Self.get(Self.badge))
        #expect(try HotLaneTests.read(2, from: connection).map(\.body) == [tile.body, tile.body])
        #expect(connection.isClosed(within: 2))
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 2)
    }

    /// A request with a body goes to the router with everything after it on the connection (the
    /// lane no longer knows where requests start there); HTTP/1.0 goes to the router too.
    @Test func bodiesAndHTTP10GoToTheRouter() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let (server, tile, badge, answered) = try Self.warmServer(upstream)
        defer { server.kill() }
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

    /// A connection the lane keeps busy is not idle: it stays open past `idle_timeout` while
    /// requests come, and is closed once they stop. A half-sent head the lane holds is cut off
    /// after `header_timeout`.
    @Test func theLanesRequestsCountForTheIdleAndHeaderTimeouts() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let (server, tile, _, answered) = try Self.warmServer(upstream, sections: "server: {idle_timeout: 1s, header_timeout: 1s}")
        defer { server.kill() }
        let connection = try RawConnection(port: server.port)
        for _ in 0..<6 {
            #expect(try connection.get(Self.tile).body == tile.body)
            #expect(!connection.isClosed(within: 0.4))
        }
        #expect(try server.metric("cairn_hot_lane_answers_total") == answered + 6)
        #expect(connection.isClosed(within: 4), "an idle connection stayed open past idle_timeout")

        let half = try RawConnection(port: server.port)
        #expect(try half.get(Self.tile).body == tile.body)
        try half.send("GET \(Self.tile) HTTP/1.1\r\nHost: 127.")
        let sent = Date()
        #expect(half.isClosed(within: 4), "a half-sent head stayed open")
        #expect(Date().timeIntervalSince(sent) >= 0.8)
    }
}
