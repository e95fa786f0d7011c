import Codecs
import Foundation
import Testing
import TestUpstream

/// SIGTERM: stop accepting, let the requests in flight finish (within `shutdown_grace`), exit 0,
/// and leave no temporary files in the cache.
@Suite struct ShutdownTests {
    @Test func aRequestInFlightFinishesAfterSIGTERM() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path, delay: 1) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream, layer: ["chain: [grayscale]"]))
        let pending = inBackground { try server.request("/tiles/world/2/2/1.png") }
        #expect(eventually { upstream.requests(for: "/2/2/1.png") == 1 })
        kill(server.processIdentifier, SIGTERM)
        let answer = try pending().get()
        #expect(answer.status == 200)
        #expect(try ImageDecoder.decode(answer.body).width == 256)
        #expect(server.waitForExit(timeout: 10) == 0, "\(server.log)")
        #expect(files(under: server.cacheDirectory).filter { $0.contains(".tmp-") } == [])
        #expect(files(under: server.cacheDirectory).contains("world/2/2/1.png"))
        #expect(server.log.contains("stopped"))
        #expect((try? server.request("/health")) == nil)  // nothing listens any more
    }

    /// `shutdown_grace` caps how long SIGTERM waits for requests in flight: a request stuck on a
    /// slow upstream must not keep the process alive past it.
    @Test func theGracePeriodBoundsTheWait() throws {
        let upstream = try TestUpstream { _ in TestUpstream.Reply(body: FixtureTiles.bytes(2, 2, 1), delay: 30) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream, source: ["timeout: 40s"], sections: "server: {shutdown_grace: 1s}"))
        let pending = inBackground { try server.request("/tiles/world/2/2/1.png") }
        #expect(eventually { upstream.requests(for: "/2/2/1.png") == 1 })
        // Without the bound it would live until the upstream answers, 30 s later.
        let status = server.terminate(timeout: 15)
        #expect(status != nil, "still running 15 s after SIGTERM with shutdown_grace: 1s")
        server.kill()
        #expect((try? pending().get())?.status != 200)
        #expect(files(under: server.cacheDirectory).filter { $0.contains(".tmp-") } == [])
    }

    @Test func idleServersStopAtOnce() throws {
        let server = try ServerProcess(config: "layers: {}")
        #expect(try server.request("/health").status == 200)
        #expect(server.terminate() == 0)
    }
}
