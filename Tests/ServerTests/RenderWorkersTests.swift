import Foundation
import Testing
import TestTier
import TestUpstream
@testable import CairnServer

/// `render_workers`: the threads that render, as `top -H` and `ps -L` show them
/// (`/proc/PID/task/*/comm`): two per core by default, exactly as many as set otherwise.
@Suite(.process) struct RenderWorkersTests {
    /// The names of the server's render threads, once `count` of them have started (or after 10 s).
    static func workerThreads(of server: ServerProcess, expecting count: Int) -> [String] {
        let deadline = Date().addingTimeInterval(10 * TestTiming.scale)
        var names: [String] = []
        repeat {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.processIdentifier)/task")) ?? []
            names = tasks.compactMap { try? String(contentsOfFile: "/proc/\(server.processIdentifier)/task/\($0)/comm", encoding: .utf8) }
                .map { $0.trimmingCharacters(in: .newlines) }
                .filter { $0.hasPrefix("cairn-worker-") }
            if names.count >= count { break }
            usleep(20_000)
        } while Date() < deadline
        return names.sorted()
    }

    @Test func autoStartsTwoWorkersPerCore() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream))
        let expected = 2 * AvailableCores.count
        let names = Self.workerThreads(of: server, expecting: expected)
        #expect(names.count == expected, "\(names)")
        // (the system keeps 15 bytes of a name: from cairn-worker-100 on, they repeat)
        #expect(Set(names) == Set((0..<expected).map { String("cairn-worker-\($0)".prefix(15)) }))
        #expect(try server.request("/tiles/world/1/0/0.png").status == 200)
    }

    @Test func aSetCountStartsExactlyThatMany() throws {
        let upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) }
        defer { upstream.stop() }
        let server = try ServerProcess(config: TestConfig.world(upstream, sections: "server: {render_workers: 3}"))
        // Every worker is started before the server listens: all three are there at once, and no more.
        #expect(Self.workerThreads(of: server, expecting: 0) == ["cairn-worker-0", "cairn-worker-1", "cairn-worker-2"])
    }
}
