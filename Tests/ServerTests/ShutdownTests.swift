import Codecs
import Foundation
import Testing
import TestTier
import TestUpstream

/// SIGTERM and SIGINT: stop accepting, let the requests in flight finish (within `shutdown_grace`),
/// exit 0, and leave no temporary files in the cache.
@Suite(.process) struct ShutdownTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func aRequestInFlightFinishesAfterTheSignal(_ signal: Int32) throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path, delay: 1) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream, layer: ["chain: [grayscale]"]))
        let pending = inBackground { try server.request("/tiles/world/2/2/1.png") }
        #expect(eventually { upstream.requests(for: "/2/2/1.png") == 1 })
        kill(server.processIdentifier, signal)
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
    /// slow upstream must not keep the process alive past it. The stop is still a clean one (exit
    /// 0), with a warning that names how many requests it cut off.
    @Test func theGracePeriodBoundsTheWait() throws {
        let upstream = try TestUpstream { _ in TestUpstream.Reply(body: FixtureTiles.bytes(2, 2, 1), delay: 30) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream, source: ["timeout: 40s", "deadline: 40s"],
                                                                sections: "server: {shutdown_grace: 1s}"))
        let pending = inBackground { try server.request("/tiles/world/2/2/1.png") }
        #expect(eventually { upstream.requests(for: "/2/2/1.png") == 1 })
        // Without the bound it would live until the upstream answers, 30 s later.
        let started = Date()
        let status = server.terminate(timeout: 15)
        #expect(status == 0, "exit status \(status.map(String.init) ?? "none: still running 15 s after SIGTERM"): \(server.log)")
        #expect(Date().timeIntervalSince(started) < 10)
        server.kill()
        #expect((try? pending().get())?.status != 200)
        #expect(files(under: server.cacheDirectory).filter { $0.contains(".tmp-") } == [])
        let warning = server.log.split(separator: "\n").first { $0.contains(" warning ") && $0.contains("shutdown_grace exceeded") }
        #expect(warning?.contains("requests=1") == true, "\(server.log)")
        #expect(server.log.contains("stopped"))
    }

    @Test func idleServersStopAtOnce() throws {
        let server = try ServerProcess(config: "layers: {}")
        #expect(try server.request("/health").status == 200)
        #expect(server.terminate() == 0)
    }
}
