import Foundation
import Logging
import Synchronization
import Testing
import TestTier
import TestUpstream
@testable import CairnServer
@testable import HotLane

/// The hot lane's answers in the test's own process (no socket): made from the same prepared
/// answers as the router's, so they follow the memory tier — a replaced tile is answered with its
/// new bytes, a tile's `max-age` counts down with the clock, a stale one is the router's — and
/// are the router's answers field for field (304s and gzipped vector tiles included). Its upstream
/// is a loopback socket (`TestUpstream`), so the suite belongs to `make test`'s process tier.
@Suite(.process) struct HotLaneAnswerTests {
    static let tile = "/tiles/world/2/2/1.png"

    /// A tile that went stale and was fetched again with other bytes: the lane's next answer has
    /// the new body, `ETag` and `Content-Length`, as the router's had.
    @Test func aReplacedTileIsAnsweredWithItsNewBytes() async throws {
        let version = Mutex(1)
        let upstream = try TestUpstream { _ in FixtureTiles.reply(for: version.withLock { $0 } == 1 ? "/2/2/1.png" : "/2/3/1.png") }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream, sections: "cache: {ttl: 1h}")) { server in
            let lane = Self.lane(server)
            let first = try await server.request(Self.tile)
            let firstHit = try #require(try Self.answer(lane, Self.tile))
            #expect(firstHit.header("Cache-Status") == "cairn; hit" && firstHit.body == first.body && firstHit.header("ETag") == first.header("ETag"))
            version.withLock { $0 = 2 }
            server.clock.advance(by: 3601)
            #expect(try Self.answer(lane, Self.tile) == nil, "a stale tile is the router's")
            let second = try await server.request(Self.tile)
            #expect(second.header("Cache-Status") == "cairn; fwd=stale; stored" && second.body != first.body)
            let secondHit = try #require(try Self.answer(lane, Self.tile))
            #expect(secondHit.body == second.body && secondHit.header("ETag") == second.header("ETag"))
            #expect(secondHit.header("Content-Length") == String(second.body.count))
        }
    }

    /// A tile's `max-age` is what is left of its freshness when answered; a badge's stays the TTL.
    @Test func aTilesMaxAgeCountsDownWithTheClock() async throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        try await InProcessServer.with(config: TestConfig.world(upstream, sections: "cache: {ttl: 1h}")) { server in
            let lane = Self.lane(server)
            for target in [Self.tile, "/badges/42.png"] { _ = try await server.request(target) }
            let before = try [Self.tile, "/badges/42.png"].map { try #require(try Self.answer(lane, $0)).header("Cache-Control") }
            server.clock.advance(by: 100)
            let after = try [Self.tile, "/badges/42.png"].map { try #require(try Self.answer(lane, $0)).header("Cache-Control") }
            #expect(before == ["public, max-age=3600", "public, max-age=3600"])
            #expect(after == ["public, max-age=3500", "public, max-age=3600"])
        }
    }

    /// The lane's answer and the router's to the same requests: the same status, fields (but
    /// `Date` and `Server`, which the connection adds on the router's way) and body; 304s among them.
    @Test(arguments: [
        (Self.tile, [], 200), (Self.tile, [("If-None-Match", "*")], 304),
        ("/badges/42.png", [("If-Modified-Since", "Fri, 01 Jan 2100 00:00:00 GMT")], 304),
        ("/cards/lane.png?title=Hello&subtitle=World", [], 200), ("/clusters/cities/3/4/2.png", [], 200),
        ("/clusters/cities/3/4/2.mvt", [], 200), ("/clusters/cities/3/4/2.mvt", [("Accept-Encoding", "gzip")], 200),
        ("/clusters/cities/3/4/2.mvt", [("Accept-Encoding", "gzip"), ("If-None-Match", "W/\"nope\"")], 200),
        ("/clusters/cities/points/3413829/card.png", [], 200),
    ] as [(String, [(String, String)], Int)])
    func theLaneAnswersAsTheRouterDoes(target: String, headers: [(String, String)], status: Int) async throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let config = TestConfig.world(upstream, sections: """
            datasets:
              cities: {file: \(CitiesDataset.file), radius: 40, card: {title: "{name}", subtitle: "{country}"}}
            """)
        try await InProcessServer.with(config: config) { server in
            let lane = Self.lane(server)
            _ = try await server.request(target, headers: headers)
            let routers = try await server.request(target, headers: headers)
            #expect(routers.header("Cache-Status") == "cairn; hit")
            let lanes = try #require(try Self.answer(lane, target, headers))
            // `.router` testing gives a 304 `Content-Length: 0`, which the connection's encoder never sends (HotLaneTests).
            let compared = { (response: HTTPResponse) in
                response.headers.filter { !["date", "server"].contains($0.name.lowercased()) && !(response.status == 304 && $0.name == "Content-Length") }
                    .map { "\($0.name): \($0.value)" }
            }
            #expect(lanes.status == status && routers.status == status)
            #expect(compared(lanes) == compared(routers))
            #expect(lanes.body == routers.body)
            #expect(lanes.header("Server") == "cairn" && lanes.header("Date") != nil)
        }
    }

    /// The lane of `server`, logging nowhere.
    static func lane(_ server: InProcessServer) -> HotLane {
        HotLane(services: server.server.services, config: server.config, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    /// The lane's answer to a GET of `target` with `headers`, as a client reads it; nil when it leaves the request to the router.
    static func answer(_ lane: HotLane, _ target: String, _ headers: [(String, String)] = []) throws -> HTTPResponse? {
        let head = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n"
        let scan = Array(head.utf8).withUnsafeBytes { RawRequestHead.scan($0) }
        guard case .head(let raw, _) = scan else { throw HTTPClient.Failure(description: "\(head.debugDescription) does not scan") }
        guard let answer = lane.answer(raw) else { return nil }
        let bytes = Array(answer.head.readableBytesView) + (answer.body.map { Array($0.readableBytesView) } ?? [])
        return try HTTPClient.parse(bytes, method: "GET", target: target)
    }
}
