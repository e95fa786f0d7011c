import Foundation
import Testing
import TestTier
import TestUpstream

/// `source.deadline` bounds a whole tile fetch — every attempt and the backoff between them — so
/// that a failing upstream gives the client Cairn's 502/504 before a proxy in front gives up
/// (deploy/nginx.conf reads for 30 s; the default deadline is 20 s).
@Suite(.process) struct FetchDeadlineTests {
    private let tile = "/tiles/world/2/2/1.png"

    /// Asks for the tile once: its status, how long it took and how often the upstream was asked.
    private func fetch(_ reply: TestUpstream.Reply, source: [String]) throws -> (status: Int, seconds: Double, attempts: Int) {
        let upstream = try TestUpstream { _ in reply }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream, source: source))
        let started = Date()
        let answer = try server.request(tile)
        let seconds = Date().timeIntervalSince(started)
        #expect(files(under: server.cacheDirectory).filter { $0.hasPrefix("world/") } == [])
        return (answer.status, seconds, upstream.requests(for: "/2/2/1.png"))
    }

    /// 1 s per attempt and 3 retries would take over 4 s; the 1.5 s deadline ends the second attempt early.
    @Test func aSlowUpstreamIs504WithinTheDeadline() throws {
        let slow = TestUpstream.Reply(headers: [("Content-Type", "image/png")], body: FixtureTiles.bytes(2, 2, 1), delay: 5)
        let result = try fetch(slow, source: ["timeout: 1s", "retries: 3", "deadline: 1500ms"])
        #expect(result.status == 504)
        #expect(result.seconds < 2.5, "took \(result.seconds) s")
        #expect((1...2).contains(result.attempts), "\(result.attempts) attempts")
    }

    /// The deadline covers the body too (AsyncHTTPClient's own timeout ends with the response head,
    /// and its read timeout waits for each read afresh): the head at once and the body 5 s later is
    /// a 504 once the 1 s deadline has passed, not a tile after 5 s.
    @Test func aSlowBodyIs504WithinTheDeadline() throws {
        let slowBody = TestUpstream.Reply(headers: [("Content-Type", "image/png")], body: FixtureTiles.bytes(2, 2, 1), bodyDelay: 5)
        let result = try fetch(slowBody, source: ["timeout: 10s", "retries: 0", "deadline: 1s"])
        #expect(result.status == 504)
        #expect(result.seconds < 2.5, "took \(result.seconds) s")
        #expect(result.attempts == 1)
    }

    /// Errors retried with backoff (0.25 s, 0.5 s, 1 s, 2 s, 4 s, halved at random) would take over
    /// 4 s; within a 1 s deadline no retry starts that cannot finish.
    @Test func retriesStopAtTheDeadline() throws {
        let failing = TestUpstream.Reply(status: 500, delay: 0.3)
        let result = try fetch(failing, source: ["timeout: 5s", "retries: 5", "deadline: 1s"])
        #expect(result.status == 502)
        #expect(result.seconds < 2, "took \(result.seconds) s")
        #expect((1...3).contains(result.attempts), "\(result.attempts) attempts")
    }
}
