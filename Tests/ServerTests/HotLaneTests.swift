import Foundation
import Testing
import TestTier
import TestUpstream
@testable import CairnServer

/// The hot lane (docs/hot-lane.md): fresh hits in the memory tier answered on the event loop.
/// Two real servers on one cache directory, one with the lane and one without
/// (`CAIRN_HOT_LANE=0`), answer the same corpus of requests byte for byte alike (status line,
/// every header in order, body; `Date` and a tile's shrinking `max-age` within a second) and move
/// the same metrics; only the lane's own counter tells which answered. So do the framing cases
/// (bodies hiding requests, odd lengths and lines, pipelines, byte-by-byte writes, `Host`). Pipelined requests keep
/// their order, keep-alive and `Connection: close` hold, signed routes are never taken by the
/// lane, and a purge (CLI or admin API) or a dataset refresh is seen by the next request.
@Suite(.process) struct HotLaneTests {
    static let token = "hot-lane-admin-4c1f9a7e"

    /// The `world` layer, the cities dataset with point cards, badges and cards, on `upstream`.
    static func config(_ upstream: TestUpstream, sections: String = "") -> String {
        TestConfig.world(upstream, sections: """
            datasets:
              cities:
                file: \(CitiesDataset.file)
                radius: 40
                card: {title: "{name}", subtitle: "{country}"}
            \(sections)
            """)
    }

    /// What every request of the corpus asks, by target.
    static let hits = [
        "/tiles/world/2/2/1.png", "/tiles/world/2/2/1@2x.png", "/tiles/world/3/4/2.webp", "/tiles/world/02/2/1.png?any=query",
        "/badges/42.png", "/badges/1500.png?style=ios&scale=2", "/badges/1500.png?label=abbrev", "/cards/lane.png?title=Hello&subtitle=World",
        "/cards/lane.png?subtitle=World&title=Hello", "/cards/lane.png?title=Hello+there&scale=2",
        "/clusters/cities/3/4/2.png", "/clusters/cities/3/4/2@2x.png", "/clusters/cities/3/4/2.mvt",
        "/clusters/cities/points/3413829/card.png",
    ]

    @Test func answersAreByteIdenticalToTheRoutersAndMoveTheSameMetrics() throws {
        // A tile the upstream does not have, and answers slowly: a route the router takes a while over.
        let slow = "/tiles/world/2/9/9.png"
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path, delay: $0.path == "/2/9/9.png" ? 0.2 : 0) }
        defer { upstream.stop() }
        // Short timeouts: a connection whose decoder stopped reading (after an upgrade request) ends soon.
        // Static maps are signed: a signed route is in the corpus, and never the lane's.
        let keys = try SignedURLTests.keysFile([SignedURLTests.firstKey])
        let config = Self.config(upstream, sections: """
            server: {idle_timeout: 1s, header_timeout: 1s}
            security: {signing: {keys_file: "\(keys)", routes: [static]}}
            """)
        let lane = try ServerProcess(config: config)
        let router = try ServerProcess(config: config, environment: ["CAIRN_HOT_LANE": "0", "CAIRN_CACHE_DIR": lane.cacheDirectory])
        defer { lane.kill(); router.kill() }
        // Rendered and stored by the lane's server, read from disk by the other: both hold the same
        // entries (bytes, ETag, Last-Modified) in memory afterwards.
        let corpus = try Self.corpus(lane, router)
        let before = (lane: try Self.counters(lane), router: try Self.counters(router))
        let laneBefore = try lane.metric("cairn_hot_lane_answers_total") ?? 0
        var hitsAnswered = 0
        for request in corpus {
            let (fromLane, fromRouter) = try Self.pair(request, lane, router)
            Self.expectIdentical(fromLane, fromRouter, request)
            // A hit for the lane, unless it has a body, a cluster filter or an empty path segment
            // (the router takes those: `/tiles//world/2/2/1.png` and `…/1.png/` are hits there).
            let path = request.target.split(separator: "?", maxSplits: 1)[0]
            if fromRouter.first?.response.header("Cache-Status") == "cairn; hit", request.body.isEmpty, !request.fallsBack, !request.target.contains("filter="),
               !path.contains("//"), !path.hasSuffix("/") {
                hitsAnswered += 1
            }
        }
        #expect(hitsAnswered >= 30, "the corpus has too few hits to say anything: \(hitsAnswered)")
        // Every hit, and only the hits, took the lane on its server; none on the other.
        let laneAnswers = try lane.metric("cairn_hot_lane_answers_total")
        #expect(laneAnswers == laneBefore + Double(hitsAnswered), "\(laneAnswers ?? 0) - \(laneBefore) lane answers, \(hitsAnswered) hits")
        #expect(try router.metric("cairn_hot_lane_answers_total") == nil)
        let after = (lane: try Self.counters(lane), router: try Self.counters(router))
        let laneMoves = Self.moves(from: before.lane, to: after.lane), routerMoves = Self.moves(from: before.router, to: after.router)
        #expect(laneMoves == routerMoves, "metrics moved apart:\n\(Self.difference(laneMoves, routerMoves))")
        #expect(laneMoves["cairn_http_requests_total{route=/tiles/{layer}/{z}/{x}/{file},status=200}"] ?? 0 >= 10)
        #expect(laneMoves["cairn_cache_hits_total{kind=tile}"] ?? 0 >= 10)

        // Several requests a connection: which of them the lane takes depends on how the bytes
        // arrive, so only the answers and the metrics are compared.
        let framed = (lane: try Self.counters(lane), router: try Self.counters(router))
        for request in Self.framingRequests(slow: slow) {
            let (fromLane, fromRouter) = try Self.pair(request, lane, router)
            Self.expectIdentical(fromLane, fromRouter, request)
        }
        let framedMoves = Self.moves(from: framed.lane, to: try Self.counters(lane))
        #expect(framedMoves == Self.moves(from: framed.router, to: try Self.counters(router)))
        #expect(framedMoves["cairn_http_requests_total{route=/tiles/{layer}/{z}/{x}/{file},status=200}"] ?? 0 >= 12)

        // A purge between two requests (`cairn cache purge` on the shared cache): once both servers
        // made or read the tile again, both answer the new entry alike, the lane's a hit.
        let tile = "/tiles/world/2/2/1.png"
        let purged = try lane.cache("purge", "--layer", "world")
        #expect(purged.status == 0, "\(purged.stderr)")
        #expect(try lane.request(tile).header("Cache-Status") == "cairn; fwd=miss; stored")
        #expect(try router.request(tile).status == 200)  // read from the disk, into its memory
        let afterPurge = try lane.metric("cairn_hot_lane_answers_total") ?? 0
        for request in [LaneRequest("GET", tile), LaneRequest("HEAD", tile)] {
            let (fromLane, fromRouter) = try Self.pair(request, lane, router)
            Self.expectIdentical(fromLane, fromRouter, request)
            #expect(fromLane.first?.response.header("Cache-Status") == "cairn; hit")
        }
        #expect(try lane.metric("cairn_hot_lane_answers_total") == afterPurge + 2)
    }

    /// `security.signing.routes`: a tile in memory is still refused without `sig=` (and
    /// counted as a rejection), and the signed request is answered by the router.
    @Test func signedRoutesNeverTakeTheLane() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let keys = try SignedURLTests.keysFile([SignedURLTests.firstKey])
        let server = try ServerProcess(config: Self.config(upstream, sections: "security: {signing: {keys_file: \"\(keys)\", routes: [tiles, cards]}}"))
        defer { server.kill() }
        let signed = SignedURLTests.signed("/tiles/world/2/2/1.png")
        #expect(try server.request(signed).status == 200)
        #expect(try server.request(signed).header("Cache-Status") == "cairn; hit")
        for target in ["/tiles/world/2/2/1.png", "/tiles/world/2/2/1.png?sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"] {
            let refused = try server.request(target)
            #expect(refused.status == 403 && refused.text.hasPrefix("error: "), "\(target): \(refused.status)")
        }
        // The point card is a card: signed too. Badges are not: the lane answers them.
        #expect(try server.request("/clusters/cities/points/3413829/card.png").status == 403)
        #expect(try server.request("/badges/42.png").status == 200)
        #expect(try server.request("/badges/42.png").header("Cache-Status") == "cairn; hit")
        #expect(try server.metric("cairn_signature_rejections_total") == 3)
        #expect(try server.metric("cairn_hot_lane_answers_total") == 1)
    }

    /// A purge by `cairn cache purge` (another process) and one through the admin API are both
    /// seen by the very next request, which is a miss again.
    @Test func purgesAreSeenByTheNextRequest() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: Self.config(upstream), environment: ["CAIRN_ADMIN_TOKEN": Self.token])
        defer { server.kill() }
        let target = "/tiles/world/2/2/1.png"
        func warm() throws {
            _ = try server.request(target)
            #expect(try server.request(target).header("Cache-Status") == "cairn; hit")
            _ = try server.request("/badges/42.png")
            #expect(try server.request("/badges/42.png").header("Cache-Status") == "cairn; hit")
        }
        try warm()
        let answered = try #require(try server.metric("cairn_hot_lane_answers_total"))
        #expect(answered >= 2)
        let purge = try server.cache("purge", "--layer", "world")
        #expect(purge.status == 0, "\(purge.stderr)")
        #expect(try server.request(target).header("Cache-Status") == "cairn; fwd=miss; stored")
        #expect(upstream.requests(for: "/2/2/1.png") == 2)

        try warm()
        let auth = [("Authorization", "Bearer \(Self.token)")]
        #expect(try server.request("/admin/cache/world", method: "DELETE", headers: auth).status == 200)
        #expect(try server.request(target).header("Cache-Status") == "cairn; fwd=miss; stored")
        #expect(try server.request("/admin/cache?badges", method: "DELETE", headers: auth).status == 200)
        #expect(try server.request("/badges/42.png").header("Cache-Status") == "cairn; fwd=miss; stored")
        #expect(upstream.requests(for: "/2/2/1.png") == 3)
    }

    /// A dataset refresh (admin API) that changes the points: the next cluster tile is made from
    /// the new points, not the lane's copy of the old ones.
    @Test func aDatasetRefreshIsSeenByTheNextRequest() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/points.geojson"
        try PlacePoint.write([DatasetRefreshTests.paris, DatasetRefreshTests.berlin], to: file)
        let server = try ServerProcess(config: "layers: {}\ndatasets: {pts: {file: \(file), refresh: 1h}}\n",
                                       environment: ["CAIRN_ADMIN_TOKEN": Self.token])
        defer { server.kill() }
        let target = "/clusters/pts/4/8/5.mvt"
        let old = try server.request(target)
        #expect(old.status == 200)
        #expect(try server.request(target).header("Cache-Status") == "cairn; hit")
        let answered = try server.metric("cairn_hot_lane_answers_total")
        #expect(answered == 1)
        try PlacePoint.write([DatasetRefreshTests.paris], to: file)
        let auth = [("Authorization", "Bearer \(Self.token)")]
        #expect(try server.request("/admin/datasets/pts/refresh", method: "POST", headers: auth).status == 200)
        let new = try server.request(target)
        #expect(new.status == 200 && new.header("Cache-Status") == "cairn; fwd=miss; stored")
        #expect(new.header("ETag") != old.header("ETag") && new.body != old.body)
        #expect(try server.request(target).body == new.body)
        #expect(try server.metric("cairn_hot_lane_answers_total") == 2)
    }

    @Test func theLaneIsOnByDefaultAndSwitchesOff() throws {
        #expect(try ServerConfig(yaml: "server: {}").server.hotLane)
        #expect(try !ServerConfig(yaml: "server: {hot_lane: false}").server.hotLane)
        var config = try ServerConfig(yaml: "server: {hot_lane: true}")
        try config.applyEnvironment(["CAIRN_HOT_LANE": "off"])
        #expect(!config.server.hotLane)
        try config.applyEnvironment(["CAIRN_HOT_LANE": "1"])
        #expect(config.server.hotLane)
        #expect(throws: ConfigError("CAIRN_HOT_LANE", "'maybe' is not on or off (1, true, on, yes or 0, false, off, no)")) {
            try config.applyEnvironment(["CAIRN_HOT_LANE": "maybe"])
        }
        let failed = try ServerProcess.failedStart(config: "layers: {}\n", environment: ["CAIRN_HOT_LANE": "maybe"])
        #expect(failed.status == 64 && failed.stderr.contains("error:") && failed.stderr.contains("CAIRN_HOT_LANE"), "\(failed.stderr)")
    }
}
