import Foundation
import RemoteTiles
import Synchronization
import Testing
import TestUpstream
import Tiles

/// How the HTTP source paces itself: a server's `Retry-After`, and the connection limit per host.
extension HTTPTileSourceTests {
    @Test(arguments: [503, 429])
    func retryAfterIsHonoured(status: Int) async throws {
        let arrivals = Mutex<[Date]>([])
        let upstream = try TestUpstream { _ in
            let attempt = arrivals.withLock { $0.append(Date()); return $0.count }
            return attempt == 1 ? TestUpstream.Reply(status: status, headers: [("Retry-After", "1")]) : .bytes(tileBytes())
        }
        defer { upstream.stop() }
        let http = try source(upstream, retries: 2)   // a 10 ms backoff of its own
        #expect(try await http.tile(tile, scale: 1)?.bytes == tileBytes())
        let times = arrivals.withLock { $0 }
        #expect(times.count == 2)
        if times.count == 2 {
            let gap = times[1].timeIntervalSince(times[0])
            #expect(gap >= 0.9, "the retry came \(gap) s after a \(status) that said Retry-After: 1")
        }
        await http.close()
    }

    @Test(arguments: [(2, 2...2), (8, 3...8)])   // with 8 allowed, more than 2 arrive at once: the counter counts
    func noMoreConnectionsToAHostThanTheLimit(limit: Int, concurrent: ClosedRange<Int>) async throws {
        let upstream = try TestUpstream { _ in TestUpstream.Reply(headers: [("Content-Type", "image/png")], body: tileBytes(), delay: 0.2) }
        defer { upstream.stop() }
        let tiles = try (0..<4).flatMap { x in try (0..<2).map { y in try TileID(z: 2, x: x, y: y) } }
        let http = try source(upstream, retries: 0, timeout: 10) { $0.connectionsPerHost = limit }
        let answers = try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            for tile in tiles { group.addTask { try await http.tile(tile, scale: 1)?.bytes } }
            return try await group.reduce(into: [[UInt8]?]()) { $0.append($1) }
        }
        #expect(answers.count == 8 && answers.allSatisfy { $0 == tileBytes() })
        #expect(upstream.totalRequests == 8)
        #expect(concurrent.contains(upstream.maximumConcurrentRequests),
                "a limit of \(limit): the upstream saw \(upstream.maximumConcurrentRequests) requests at once")
        await http.close()
    }
}
