import Foundation
import Synchronization
import Testing
import TestTier
import TestUpstream
import Tiles

/// The hot lane's kept answers (docs/hot-lane.md, "Answers kept for a second"): a plain hit asked
/// for again within the second is answered with the head and body made for it then, but never
/// once the memory tier holds another image under the target or the second has turned.
@Suite(.process) struct HotLaneKeptAnswerTests {
    static let token = "kept-answer-admin-93d2e1"
    static let target = "/tiles/world/2/2/1.png"

    /// A tile purged and rendered anew from other upstream bytes within the same second as the
    /// lane's answers of the old one: the next hit has the new body and `ETag`, as the miss had.
    @Test func aTileReplacedWithinTheSecondIsAnsweredWithItsNewBytes() throws {
        let replaced = Atomic<Bool>(false)
        let upstream = try TestUpstream { request in
            FixtureTiles.reply(for: replaced.load(ordering: .relaxed) && request.path == "/2/2/1.png" ? "/2/2/2.png" : request.path)
        }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream), environment: ["CAIRN_ADMIN_TOKEN": Self.token])
        defer { server.kill() }
        let auth = [("Authorization", "Bearer \(Self.token)")]
        var sameSecond = false
        // Until one round fits in one second, so the old answers are still kept when the new tile is asked for.
        for round in 0..<5 where !sameSecond {
            replaced.store(round % 2 == 1, ordering: .relaxed)
            #expect(try server.request("/admin/cache/world", method: "DELETE", headers: auth).status == 200)
            let old = try server.request(Self.target)
            let oldHits = try (0..<4).map { _ in try server.request(Self.target) }
            replaced.store(round % 2 == 0, ordering: .relaxed)
            #expect(try server.request("/admin/cache/world", method: "DELETE", headers: auth).status == 200)
            let new = try server.request(Self.target)
            #expect(new.header("Cache-Status") == "cairn; fwd=miss; stored")
            #expect(new.header("ETag") != old.header("ETag") && new.body != old.body)
            let newHits = try (0..<4).map { _ in try server.request(Self.target) }
            for hit in oldHits {
                #expect(hit.header("Cache-Status") == "cairn; hit" && hit.body == old.body && hit.header("ETag") == old.header("ETag"))
            }
            for hit in newHits {
                #expect(hit.header("Cache-Status") == "cairn; hit")
                #expect(hit.body == new.body && hit.header("ETag") == new.header("ETag"), "a kept answer of the old tile")
                #expect(hit.header("Content-Length") == String(new.body.count))
            }
            sameSecond = Set((oldHits + newHits).map { $0.header("Date") }).count == 1
        }
        #expect(sameSecond, "no round of old and new hits fitted in one second")
        #expect(try server.metric("cairn_hot_lane_answers_total").map { $0 >= 8 } == true)
    }

    /// The same tile and badge asked for in a later second: `Date` moves on (a badge's `max-age`
    /// stays, a tile's counts down), with the same body.
    @Test func aKeptAnswerTurnsWithTheSecond() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream))
        defer { server.kill() }
        let badge = "/badges/42.png"
        let misses = try [Self.target, badge].map { try server.request($0) }
        let before = try [Self.target, badge].map { target in try #require(try (0..<3).map { _ in try server.request(target) }.last) }
        // More than a second after the last answers: their `Date` and a tile's whole seconds left have moved on.
        Thread.sleep(forTimeInterval: 1.1)
        let after = try [Self.target, badge].map { try server.request($0) }
        for (miss, (before, after)) in zip(misses, zip(before, after)) {
            let date = try #require(before.header("Date").flatMap(HTTPDate.parse))
            let later = try #require(after.header("Date").flatMap(HTTPDate.parse))
            #expect(later.timeIntervalSince(date) >= 1, "Date \(after.header("Date") ?? "-") after \(before.header("Date") ?? "-")")
            #expect(after.header("Cache-Status") == "cairn; hit" && after.body == miss.body && after.header("ETag") == miss.header("ETag"))
        }
        #expect(try maxAge(after[0]) < maxAge(before[0]))
        #expect(try maxAge(after[1]) == maxAge(before[1]))
    }

    private func maxAge(_ response: HTTPResponse) throws -> Int {
        let control = try #require(response.header("Cache-Control"))
        return try #require(control.split(separator: "=").last.flatMap { Int($0) })
    }
}
