import Foundation
import Testing
import TestTier
import TestUpstream

/// One seeding pipeline: `cairn cache seed` and the admin API's seed run the same batch into the
/// server's cache, so the same region seeded either way is the same entries (files, bytes, ETags,
/// upstream validators, lifetimes); an animated layer's seed stores every frame and the animation,
/// which a request then answers without going upstream, with the bytes a cold request gives.
@Suite(.process, .serialized) struct SeedPipelineTests {
    private let token = "seed-2b7d41f09c"

    /// A tile's entry as the cache stores it: its bytes, and its metadata with the times made
    /// relative (`lifetime=` the seconds from storing to expiry).
    private func entry(_ root: String, _ name: String) throws -> (bytes: Data, metadata: [String]) {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: root + "/" + name))
        var metadata: [String] = [], stored = 0.0, expires = 0.0
        for line in try String(contentsOfFile: root + "/" + name + ".meta", encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix("stored=") { stored = Double(line.dropFirst(7)) ?? -1 }
            else if line.hasPrefix("expires=") { expires = Double(line.dropFirst(8)) ?? -1 }
            else { metadata.append(String(line)) }
        }
        return (bytes, metadata + ["lifetime=\(expires - stored)"])
    }

    @Test func theCommandAndTheAdminAPIStoreTheSameEntries() async throws {
        let upstream = try TestUpstream { request in
            var reply = FixtureTiles.reply(for: request.path)
            reply.headers += [("Cache-Control", "max-age=1800"), ("ETag", "\"up\(request.path.utf8.count)\""),
                              ("Last-Modified", "Tue, 01 Dec 2026 10:00:00 GMT")]
            return reply
        }
        defer { upstream.stop() }
        let config = CacheTestConfig.layers(["world"], upstream: upstream.baseURL)
        try await InProcessServer.with(config: config) { byCommand throws in
            let run = try byCommand.cache("seed", "--layer", "world", "--bbox=-180,-85,180,85", "--zoom", "0-2")
            #expect(run.status == 0, "\(run.stderr)")

            try await InProcessServer.with(config: config, environment: ["CAIRN_ADMIN_TOKEN": token]) { byAdmin throws in
                let auth = [("Authorization", "Bearer \(token)")]
                let started = try await byAdmin.request("/admin/cache/world/seed", method: "POST", headers: auth,
                                                        body: Array(#"{"bbox": [-180, -85, 180, 85], "zoom": "0-2"}"#.utf8))
                #expect(started.status == 202, "\(started.text)")
                let job = try #require(started.header("Location"))
                var state = "running"
                for _ in 0..<600 where state == "running" {
                    let answer = try await byAdmin.request(job, headers: auth)
                    state = (try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])?["state"] as? String ?? "?"
                    if state == "running" { try await Task.sleep(for: .milliseconds(50)) }
                }
                #expect(state == "done")

                let seeded = cacheEntries(under: byCommand.cacheDirectory).keys.sorted()
                #expect(seeded.count == 21)
                #expect(cacheEntries(under: byAdmin.cacheDirectory).keys.sorted() == seeded)
                for name in seeded {
                    let command = try entry(byCommand.cacheDirectory, name), admin = try entry(byAdmin.cacheDirectory, name)
                    #expect(command.bytes == admin.bytes, "\(name)")
                    #expect(command.metadata == admin.metadata, "\(name)")
                    #expect(command.metadata.contains("lifetime=1800.0") && command.metadata.contains { $0.hasPrefix("upstream-etag=\"up") },
                            "\(name): \(command.metadata)")
                }
            }
        }
    }

    @Test func anAnimatedLayersSeedIsAnsweredWithoutTheUpstreamAsAColdRequestIs() async throws {
        // Frame `a` is the corpus tile, frame `b` the one mirrored east-west (the frames differ).
        let upstream = try TestUpstream { request in
            let parts = request.path.split(separator: "/")
            guard parts.count == 4, let z = Int(parts[1]), let x = Int(parts[2]) else { return .status(404) }
            return FixtureTiles.reply(for: "/\(z)/\(parts[0] == "a" ? x : (1 << z) - 1 - x)/\(parts[3])")
        }
        defer { upstream.stop() }
        let config = """
            layers:
              radar:
                source: {url: "\(upstream.baseURL)/{t}/{z}/{x}/{y}.png", maxzoom: 2, retries: 0}
                chain: [{grid: {}}]
                maxzoom: 6
                frames: {times: [a, b], delay: 400ms}
            """
        try await InProcessServer.with(config: config) { server throws in
            let run = try server.cache("seed", "--layer", "radar", "--bbox=-180,-85,180,85", "--zoom", "0-1", "--format", "webp")
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.lastLine.hasPrefix("seeded 5 tiles of layer radar ("), "\(run.stderr)")
            let fetched = upstream.totalRequests
            let tiles = ["0/0/0", "1/0/0", "1/1/1"]
            var hits: [HTTPResponse] = []
            for tile in tiles { hits.append(try await server.request("/tiles/radar/\(tile).webp")) }
            #expect(upstream.totalRequests == fetched, "the seeded server went upstream")

            try await InProcessServer.with(config: config) { cold throws in
                for (tile, hit) in zip(tiles, hits) {
                    #expect(hit.status == 200 && hit.header("Cache-Status")?.hasPrefix("cairn; hit") == true, "\(tile): \(hit.header("Cache-Status") ?? "")")
                    let miss = try await cold.request("/tiles/radar/\(tile).webp")
                    #expect(hit.body == miss.body && hit.header("ETag") == miss.header("ETag"), "\(tile)")
                }
                let resumed = try server.cache("seed", "--layer", "radar", "--bbox=-180,-85,180,85", "--zoom", "0-1", "--format", "webp", "--resume")
                #expect(resumed.lastLine.hasPrefix("seeded 0 tiles of layer radar (") && resumed.lastLine.contains("kept 5 already fresh"),
                        "\(resumed.stderr)")
            }
        }
    }
}
