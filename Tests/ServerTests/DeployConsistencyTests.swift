import Foundation
import Testing
@testable import CairnServer

/// deploy/ must agree with Cairn: nginx waits longer for a replica than Cairn's fetch deadline (so
/// the client gets Cairn's own 502/504), and a replica that is slow is not retried on another one
/// (that would break the hash pinning and ask the tile server twice).
@Suite struct DeployConsistencyTests {
    private let nginx = (try? String(contentsOfFile: repositoryRoot + "/deploy/nginx.conf", encoding: .utf8)) ?? ""

    /// Seconds of a `NAME 30s;` directive (comments skipped).
    private func seconds(_ directive: String) -> Double? {
        nginx.split(separator: "\n").map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0] }
            .compactMap { $0.firstMatch(of: /^\s*(\w+)\s+(\d+)s;/) }.first { $0.1 == directive }.flatMap { Double($0.2) }
    }

    /// The `cairn.yml` embedded in the ConfigMap.
    private func configMapConfig() throws -> ServerConfig {
        let text = try String(contentsOfFile: repositoryRoot + "/deploy/k8s/configmap.yaml", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.contains("cairn.yml: |") })
        let body = lines[(start + 1)...].prefix { $0.isEmpty || $0.hasPrefix("    ") }.map { $0.dropFirst(min(4, $0.count)) }
        return try ServerConfig(yaml: body.joined(separator: "\n"))
    }

    @Test func nginxWaitsLongerThanCairnsFetchDeadline() throws {
        let readTimeout = try #require(seconds("proxy_read_timeout"))
        let served = try #require(ServerConfig.Source(url: "").http.deadline)
        // A render and the queue before it get at least 5 s on top of the fetch.
        #expect(served + 5 <= readTimeout, "default deadline \(served) s vs proxy_read_timeout \(readTimeout) s")
        let config = try configMapConfig()
        #expect(!config.layers.isEmpty)
        for layer in config.layers {
            let deadline = try #require(layer.source.http.deadline)
            #expect(deadline + 5 <= readTimeout, "configmap layer \(layer.name): deadline \(deadline) s")
            #expect(layer.source.http.timeout <= deadline, "configmap layer \(layer.name): timeout above the deadline")
        }
    }

    /// nginx closes its idle kept-alive connections to a replica before the replica does
    /// (`server.idle_timeout`); the other way round, nginx could send a request on a connection
    /// the replica is just closing, and fail it.
    @Test func nginxDropsIdleConnectionsBeforeCairnDoes() throws {
        let upstream = try #require(nginx.firstMatch(of: /\n\s*upstream\s+cairn\s*\{[^}]*\}/))
        let keepalive = try #require(String(upstream.0).firstMatch(of: /\n\s*keepalive_timeout\s+(\d+)s;/).flatMap { Double($0.1) })
        #expect(keepalive < ServerConfig.Server().idleTimeout)
        #expect(keepalive < (try configMapConfig()).server.idleTimeout)
    }

    @Test func slowReplicasAreNotRetriedElsewhere() throws {
        let line = try #require(nginx.firstMatch(of: /\n\s*proxy_next_upstream\s+([^;]*);/))
        #expect(line.1.contains("error"))
        #expect(!line.1.contains("timeout"), "proxy_next_upstream \(line.1)")
    }
}
