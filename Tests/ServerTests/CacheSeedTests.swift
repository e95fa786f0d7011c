import Foundation
import Testing
import TestTier
import TestUpstream
import Tiles

/// `cairn cache seed` beside a running server (answering in process): the tiles it stores are hits
/// with the bytes, ETag and freshness a cold request gives; `--resume` keeps fresh ones; a seed
/// larger than the cache is refused before anything is written; bad options are one `error:` line
/// and exit 64.
@Suite(.process, .serialized) final class CacheSeedTests {
    /// Zooms 0–2 of the whole world: 1 + 4 + 16 tiles.
    private let world = ["--bbox=-180,-85,180,85", "--zoom", "0-2"]
    private let tiles = (0...2).flatMap { z in (0..<(1 << z)).flatMap { x in (0..<(1 << z)).map { "\(z)/\(x)/\($0)" } } }
    /// The corpus tiles, fresh for an hour.
    private let upstream: TestUpstream

    init() throws {
        upstream = try TestUpstream { request in
            var reply = FixtureTiles.reply(for: request.path)
            reply.headers.append(("Cache-Control", "max-age=3600"))
            return reply
        }
    }

    deinit { upstream.stop() }

    /// Layer `world` over the upstream, with the `cache` settings.
    private func config(cache: String = "") -> String { CacheTestConfig.layers(["world"], upstream: upstream.baseURL, cache: cache) }

    private func maxAge(_ response: HTTPResponse) -> Int? {
        response.header("Cache-Control")?.firstMatch(of: /max-age=(\d+)/).flatMap { Int($0.1) }
    }

    @Test func seededTilesAreHitsWithTheBytesETagAndFreshnessOfAColdRequest() async throws {
        try await InProcessServer.with(config: config()) { server throws in
            #expect(try await server.request("/tiles/world/1/0/0.png").header("Cache-Status") == "cairn; fwd=miss; stored")

            let run = try server.cache("seed", "--layer", "world", world[0], world[1], world[2])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.errorLines.isEmpty)
            #expect(cacheEntries(under: server.cacheDirectory).count == tiles.count)
            #expect(run.lastLine.wholeMatch(of: /seeded 21 tiles of layer world \((\d+(\.\d)? [kM]?B)\) in \d+\.\d s/) != nil, "\(run.stderr)")
            let fetched = upstream.totalRequests
            // The seed stored its tiles at the time of day it ran: the server's clock moves on to it.
            server.clock.advance(by: Date().timeIntervalSince1970 - server.clock.now())

            try await InProcessServer.with(config: config()) { cold throws in
                for tile in tiles {
                    let hit = try await server.request("/tiles/world/\(tile).png")
                    let miss = try await cold.request("/tiles/world/\(tile).png")
                    #expect(hit.status == 200 && miss.status == 200, "\(tile)")
                    #expect(hit.header("Cache-Status") == "cairn; hit", "\(tile)")
                    #expect(miss.header("Cache-Status") == "cairn; fwd=miss; stored", "\(tile)")
                    #expect(hit.body == miss.body, "\(tile)")
                    #expect(hit.header("ETag") != nil && hit.header("ETag") == miss.header("ETag"), "\(tile)")
                    // The upstream's hour, less the seconds since the seed.
                    #expect((3_540...3_600).contains(maxAge(hit) ?? 0), "\(tile): \(hit.header("Cache-Control") ?? "")")
                    #expect((3_599...3_600).contains(maxAge(miss) ?? 0), "\(tile)")
                }
                #expect(upstream.totalRequests == fetched + tiles.count, "the seeded server fetched again")
            }
        }
    }

    @Test func aTileListAtAnotherScaleAndFormatIsSeededAsTheServerWouldStoreIt() async throws {
        try await InProcessServer.with(config: config()) { server throws in
            let list = server.directory + "/tiles.txt"
            try "1/0/0\n2/1/1\n3/4/2\n".write(toFile: list, atomically: true, encoding: .utf8)

            let run = try server.cache("seed", "--layer", "world", "--tiles", list, "--zoom", "1-2", "--scale", "2", "--format", "webp")
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.lastLine.hasPrefix("seeded 2 tiles of layer world ("), "\(run.stderr)")
            #expect(Set(cacheEntries(under: server.cacheDirectory).keys) == ["world/1/0/0@2x.webp", "world/2/1/1@2x.webp"])
            try await InProcessServer.with(config: config()) { cold throws in
                for tile in ["1/0/0", "2/1/1"] {
                    let hit = try await server.request("/tiles/world/\(tile)@2x.webp")
                    #expect(hit.header("Cache-Status") == "cairn; hit", "\(tile)")
                    #expect(hit.header("Content-Type") == "image/webp")
                    let miss = try await cold.request("/tiles/world/\(tile)@2x.webp")
                    #expect(hit.body == miss.body && hit.header("ETag") == miss.header("ETag"), "\(tile)")
                }
            }
        }
    }

    @Test func resumeKeepsFreshTilesAndSeedsTheRest() async throws {
        try await InProcessServer.with(config: config()) { server throws in
            #expect(try server.cache("seed", "--layer", "world", world[0], world[1], world[2]).status == 0)
            let cache = server.cacheDirectory
            // Two tiles gone, one stale: those three are seeded again, the others kept untouched.
            try FileManager.default.removeItem(atPath: cache + "/world/2/1/1.png")
            try FileManager.default.removeItem(atPath: cache + "/world/2/3/0.png.meta")
            let stale = cache + "/world/1/1/0.png.meta"
            let meta = try String(contentsOfFile: stale, encoding: .utf8)
            try meta.replacing(/expires=[0-9.e+]+/, with: "expires=1").write(toFile: stale, atomically: true, encoding: .utf8)
            let untouched = tiles.map { "world/\($0).png.meta" }.filter { !["world/2/1/1.png.meta", "world/2/3/0.png.meta", "world/1/1/0.png.meta"].contains($0) }
            for name in untouched { try backdate(cache + "/" + name, by: 60) }
            let times = untouched.map { modified(cache + "/" + $0) }

            let run = try server.cache("seed", "--layer", "world", "--resume", world[0], world[1], world[2])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.lastLine.hasPrefix("seeded 3 tiles of layer world ("), "\(run.stderr)")
            #expect(run.lastLine.contains(", kept 18 already fresh in "), "\(run.stderr)")
            #expect(untouched.map { modified(cache + "/" + $0) } == times)
            #expect(cacheEntries(under: cache).count == tiles.count)
            for tile in ["2/1/1", "2/3/0", "1/1/0"] {
                #expect(try await server.request("/tiles/world/\(tile).png").header("Cache-Status") == "cairn; hit", "\(tile)")
            }
        }
    }

    @Test func aTileListOnAPipeIsSeededAndABadLineInItIsExit65() async throws {
        try await InProcessServer.with(config: config()) { server throws in
            let seeded = try pipe("0/0/0\n1/0/0\n2/3/1\n", into: server)
            #expect(seeded.status == 0, "\(seeded.stderr)")
            #expect(seeded.lastLine.hasPrefix("seeded 3 tiles of layer world ("), "\(seeded.stderr)")
            for tile in ["0/0/0", "1/0/0", "2/3/1"] {
                #expect(try await server.request("/tiles/world/\(tile).png").header("Cache-Status") == "cairn; hit", "\(tile)")
            }
            let bad = try pipe("1/1/1\nhello\n2/0/0\n", into: server)
            #expect(bad.status == 65, "\(bad.stderr)")
            #expect(bad.errorLines == ["error: --tiles stdin:2: 'hello' is not z/x/y"], "\(bad.stderr)")
            #expect(cacheEntries(under: server.cacheDirectory)["world/2/0/0.png"] == nil)
        }
    }

    /// `cairn cache seed --tiles -` with `text` on its stdin, beside `server`.
    private func pipe(_ text: String, into server: InProcessServer) throws -> CommandRun {
        let process = Process()
        process.executableURL = cairnExecutable
        process.arguments = ["cache", "seed", "--layer", "world", "--tiles", "-", "--config", server.configPath]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CAIRN_") || $0.key == "CAIRN_FONTS" }
            .merging(["CAIRN_CACHE_DIR": server.cacheDirectory]) { $1 }
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let collected = StreamCollector(errors.fileHandleForReading)
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        collected.waitForEnd()
        return CommandRun(status: process.terminationStatus, output: Data(), stderr: collected.text)
    }

    @Test func anInterruptedSeedStopsCleanlyAndResumeFinishesIt() async throws {
        // A slow upstream: zooms 0-3 take seconds, so SIGINT lands mid-seed.
        let slow = try TestUpstream { request in FixtureTiles.reply(for: request.path, delay: 0.1) }
        defer { slow.stop() }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The fixtures lack a few tiles of zoom 3: over-zoom it from zoom 2.
        let layers = CacheTestConfig.layers(["world"], upstream: slow.baseURL).replacingOccurrences(of: "retries: 0}", with: "retries: 0, maxzoom: 2}")
        try layers.write(toFile: directory + "/cairn.yml", atomically: true, encoding: .utf8)
        let cache = directory + "/cache"
        let process = Process()
        process.executableURL = cairnExecutable
        process.arguments = ["cache", "seed", "--layer", "world", "--bbox=-180,-85,180,85", "--zoom", "0-3", "--jobs", "2",
                             "--config", directory + "/cairn.yml"]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CAIRN_") || $0.key == "CAIRN_FONTS" }
            .merging(["CAIRN_CACHE_DIR": cache]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let collected = StreamCollector(errors.fileHandleForReading)
        #expect(eventually(timeout: 20 * TestTiming.scale) { cacheEntries(under: cache).count >= 4 })
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        collected.waitForEnd()
        #expect(process.terminationStatus == 130, "\(collected.text)")
        let summary = collected.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.contains("; interrupted after ") && summary.hasSuffix(" of 85 (--resume continues)"), "\(collected.text)")
        let done = cacheEntries(under: cache).count
        #expect(done > 0 && done < 85)
        // Only whole entries: no temporaries, no tile without its .meta.
        #expect(!files(under: cache).contains { $0.contains(".tmp-") }, "\(files(under: cache))")
        #expect(files(under: cache).count == 2 * done)

        let resumed = try runCairn(["cache", "seed", "--layer", "world", "--bbox=-180,-85,180,85", "--zoom", "0-3", "--resume",
                                    "--config", directory + "/cairn.yml"], environment: ["CAIRN_CACHE_DIR": cache])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.lastLine.hasPrefix("seeded \(85 - done) tiles of layer world ("), "\(resumed.stderr)")
        #expect(resumed.lastLine.contains(", kept \(done) already fresh in "), "\(resumed.stderr)")
        #expect(cacheEntries(under: cache).count == 85)
    }

    @Test func aSeedLargerThanTheCacheIsRefusedWithTheEstimateBeforeAnythingIsWritten() async throws {
        try await InProcessServer.with(config: config(cache: "max_size: 60kB")) { server throws in
            #expect(try await server.request("/tiles/world/0/0/0.png").status == 200)
            let before = cacheEntries(under: server.cacheDirectory)

            // 1 + 4 + 16 + 64 tiles of several kB each.
            let run = try server.cache("seed", "--layer", "world", "--bbox=-180,-85,180,85", "--zoom", "0-3")
            #expect(run.status == 64, "\(run.stderr)")
            #expect(run.errorLines.count == 1, "\(run.stderr)")
            let line = try #require(run.errorLines.first)
            let estimate = try #require(line.wholeMatch(of: /error: --layer world: seeding 85 tiles needs about ([\d.]+) (kB|MB) \(([\d.]+) (B|kB) a tile\), more than the cache holds \(cache.max_size 60.0 kB\)/), "\(line)")
            let perTile = Double(estimate.3)! * (estimate.4 == "kB" ? 1000 : 1)
            #expect(perTile > 60_000 / 85, "\(line)")
            #expect(!run.stderr.contains("seeded"))
            #expect(cacheEntries(under: server.cacheDirectory) == before)
            #expect(upstream.totalRequests <= 1 + 4, "only the estimate's samples are fetched")
        }
    }

    @Test(arguments: [
        (["--layer", "nope", "--bbox=-180,-85,180,85", "--zoom", "0-1"], "error: --layer: no layer 'nope' in the configuration (known: world)"),
        (["--layer", "world", "--bbox", "1,2,3", "--zoom", "0-1"], "error: --bbox: "),
        (["--layer", "world", "--bbox", "10,60,20,50", "--zoom", "0-1"], "error: --bbox: "),
        (["--layer", "world", "--bbox=-180,-85,180,85", "--zoom", "3-1"], "error: --zoom: '3-1' must satisfy 0 ≤ A ≤ B ≤ 30"),
        (["--layer", "world", "--bbox=-180,-85,180,85", "--zoom", "z1"], "error: --zoom: 'z1' is not A-B or A"),
        (["--layer", "world", "--bbox=-180,-85,180,85", "--zoom", "7-9"], "error: --layer world: zooms 7…9 go beyond layer 'world' (0…8)"),
        (["--layer", "world", "--bbox=-180,-85,180,85"], "error: --bbox needs --zoom A-B"),
        (["--layer", "world", "--zoom", "0-1"], "error: give --bbox W,S,E,N or --tiles FILE"),
        (["--layer", "world", "--bbox=-180,-85,180,85", "--zoom", "0-1", "--scale", "3"], "error: --scale must be 1 or 2 (got 3)"),
        (["--layer", "world", "--bbox=-180,-85,180,85", "--zoom", "0-1", "--format", "gif"], "error: --format: 'gif' is not png, jpg or webp"),
    ])
    func badOptionsAreOneErrorLineAndExit64AndWriteNothing(_ arguments: [String], _ message: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/cairn.yml"
        try CacheTestConfig.layers(["world"], upstream: "http://127.0.0.1:9").write(toFile: config, atomically: true, encoding: .utf8)
        let run = try runCairn(["cache", "seed"] + arguments + ["--config", config], environment: ["CAIRN_CACHE_DIR": directory + "/cache"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.errorLines.first?.hasPrefix(message) == true, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/cache") || message.contains("go beyond"))
    }

    /// A seed opens the cache as a server does, but must not take the writes in progress of the
    /// server running beside it (temporary files) nor a running clear's trash for a crash's leftovers.
    @Test func aSeedLeavesTheRunningServersWritesInProgressAlone() async throws {
        try await InProcessServer.with(config: config()) { server throws in
            let cache = server.cacheDirectory
            try FileManager.default.createDirectory(atPath: cache + "/world/3/1", withIntermediateDirectories: true)
            let writing = cache + "/world/3/1/.2.png.tmp-\(getpid())-77"
            let crashed = cache + "/world/3/1/.3.png.tmp-\(Int32.max - 1)-77"
            let clearing = cache + "/.cairn-trash-\(getpid())-78"
            try Data(count: 10).write(to: URL(fileURLWithPath: writing))
            try Data(count: 10).write(to: URL(fileURLWithPath: crashed))
            try FileManager.default.createDirectory(atPath: clearing + "/world", withIntermediateDirectories: true)

            #expect(try server.cache("seed", "--layer", "world", "--bbox=-180,-85,180,85", "--zoom", "0").status == 0)
            #expect(FileManager.default.fileExists(atPath: writing))
            #expect(FileManager.default.fileExists(atPath: clearing + "/world"))
            #expect(!FileManager.default.fileExists(atPath: crashed))
        }
    }
}

/// The modification time of the file at `path`.
private func modified(_ path: String) -> Date? {
    try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
}
