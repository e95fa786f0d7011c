import Foundation
import Synchronization
import Testing
import TestTier
import TestUpstream
import Tiles

/// `cairn cache stats|purge|clear` on the cache of a real `cairn serve` on loopback: what they print
/// is what a walk of the directory finds, and the running server hears of what they removed.
@Suite(.process, .serialized) final class CacheCommandTests {
    /// The corpus tiles.
    private let upstream: TestUpstream

    init() throws { upstream = try TestUpstream { FixtureTiles.reply(for: $0.path) } }

    deinit { upstream.stop() }

    /// A server of `layers` over the upstream (killed when released).
    private func serving(_ layers: [String], cache: String = "") throws -> ServerProcess {
        try ServerProcess(config: CacheTestConfig.layers(layers, upstream: upstream.baseURL, cache: cache))
    }

    // MARK: stats

    @Test func statsEqualAWalkOfTheDirectoryPerGroupAndInTotal() throws {
        let server = try serving(["world", "relief"], cache: "max_size: 2MB")
        let targets = (0..<4).map { "/tiles/world/2/\($0)/1.png" } + ["/tiles/world/3/4/2@2x.png", "/tiles/world/3/4/2.webp",
                                                                       "/tiles/relief/1/0/0.png", "/badges/7.png", "/badges/1200.png"]
        for target in targets { #expect(try server.request(target).status == 200, "\(target)") }
        let cache = server.cacheDirectory
        // A layer no longer configured counts as other; a temporary and a tile without .meta count nowhere.
        try FileManager.default.createDirectory(atPath: cache + "/retired/3/1", withIntermediateDirectories: true)
        try Data(count: 1234).write(to: URL(fileURLWithPath: cache + "/retired/3/1/1.png"))
        try Data("stored=1\nexpires=2\netag=\"x\"\n".utf8).write(to: URL(fileURLWithPath: cache + "/retired/3/1/1.png.meta"))
        try Data(count: 999).write(to: URL(fileURLWithPath: cache + "/world/2/0/.7.png.tmp-1-2"))
        try Data(count: 999).write(to: URL(fileURLWithPath: cache + "/world/2/0/7.png"))

        let walk = cacheEntries(under: cache)
        #expect(walk.count == targets.count + 1)
        func group(_ key: String) -> String {
            let first = key.split(separator: "/")[0]
            return first == "_badges" ? "badges" : ["world", "relief"].contains(first) ? "layer \(first)" : "other"
        }
        var expected: [String: (tiles: Int, bytes: Int)] = ["layer world": (0, 0), "layer relief": (0, 0), "badges": (0, 0),
                                                            "cards": (0, 0), "other": (0, 0)]
        for (key, bytes) in walk { expected[group(key)]!.tiles += 1; expected[group(key)]!.bytes += bytes }
        #expect(expected["layer world"]!.tiles == 6 && expected["badges"]!.tiles == 2 && expected["other"]!.tiles == 1)
        let totalBytes = walk.values.reduce(0, +)
        let storedTimes = walk.keys.map { modificationTime(cache + "/" + $0 + ".meta") }

        // --json: every group (cards too, empty), the total, the share of max_size (2 MB).
        let json = try server.cache("stats", "--json")
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["max_size"] as? Int == 2_000_000)
        #expect(document["directory"] as? String == cache)
        let groups = try #require(document["groups"] as? [[String: Any]])
        let listed = groups.map { [$0["kind"] as? String, $0["name"] as? String].compactMap { $0 }.joined(separator: " ") }
        #expect(listed == ["layer relief", "layer world", "badges", "cards", "other"])
        for (name, fields) in zip(listed, groups) {
            #expect(fields["tiles"] as? Int == expected[name]?.tiles, "\(name)")
            #expect(fields["bytes"] as? Int == expected[name]?.bytes, "\(name)")
            let share = try #require(fields["share"] as? Double)
            #expect(abs(share - Double(expected[name]!.bytes) / 2_000_000) < 1e-6, "\(name): \(share)")
        }
        let total = try #require(document["total"] as? [String: Any])
        #expect(total["tiles"] as? Int == walk.count)
        #expect(total["bytes"] as? Int == totalBytes)
        #expect(total["oldest"] as? String == rfc3339(storedTimes.min()!))
        #expect(total["newest"] as? String == rfc3339(storedTimes.max()!))
        #expect((groups.first { $0["kind"] as? String == "cards" })?["oldest"] is NSNull)

        // The table: the same counts, the bytes and shares formatted, the capacity at the end.
        let text = try server.cache("stats")
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true) == ["GROUP", "ENTRIES", "BYTES", "SHARE", "OLDEST", "NEWEST"])
        #expect(lines.last == "\(cache): cache.max_size 2.0 MB")
        var rows: [String: [String]] = [:]
        for line in lines.dropFirst().dropLast() {
            let pattern = /(layer \S+|badges|cards|other|total) +(\d+) +(\d+ B|[\d.]+ [kMG]B) +(\S+) +(\S+) +(\S+)/
            let match = try #require(line.wholeMatch(of: pattern), "\(line)")
            let cells: [String] = [String(match.output.2), String(match.output.3), String(match.output.4), String(match.output.6)]
            rows[String(match.output.1)] = cells
        }
        #expect(Set(rows.keys) == Set(expected.keys).union(["total"]))
        for (name, usage) in expected.merging(["total": (walk.count, totalBytes)], uniquingKeysWith: { $1 }) {
            #expect(rows[name]?[0] == String(usage.tiles), "\(name)")
            #expect(rows[name]?[1] == ByteCount.format(Double(usage.bytes)), "\(name)")
            let share = Double(usage.bytes) / 2_000_000
            #expect(rows[name]?[2] == (share == 0 ? "0%" : share < 0.001 ? "<0.1%" : String(format: "%.1f%%", share * 100)), "\(name)")
        }
        #expect(rows["cards"]?[3] == "-")
        #expect(rows["total"]?[3] == rfc3339(storedTimes.max()!))
    }

    // MARK: purge

    /// The region the purge tests remove, away from tile edges at every zoom they use.
    private let region = (west: 10.0, south: 10.0, east: 80.0, north: 50.0)

    /// Whether tile z/x/y overlaps ``region``.
    private func inRegion(_ z: Int, _ x: Int, _ y: Int) -> Bool {
        let low = tileAt(lon: region.west, lat: region.north, z: z), high = tileAt(lon: region.east, lat: region.south, z: z)
        return (low.x...high.x).contains(x) && (low.y...high.y).contains(y)
    }

    /// The corpus tiles at zoom `z` (those the test upstream has).
    private func corpus(_ z: Int) -> [(x: Int, y: Int)] {
        (0..<(1 << z)).flatMap { x in (0..<(1 << z)).map { (x: x, y: $0) } }
            .filter { FileManager.default.fileExists(atPath: "\(FixtureTiles.root)/\(z)/\($0.x)/\($0.y).png") }
    }

    @Test func purgingARegionAtTwoZoomsMakesExactlyThoseTilesMissesWhileTheServerRuns() throws {
        // The memory tier is on (the default): a purged tile must not be served from memory either.
        let server = try serving(["world"])
        // Zooms 2 and 3 everywhere, zoom 4 around the region; the region's zoom-3 tiles also @2x and
        // as WebP, and one @2x outside it.
        var targets = [2, 3].flatMap { z in corpus(z).map { "/tiles/world/\(z)/\($0.x)/\($0.y).png" } }
        targets += corpus(4).filter { inRegion(4, $0.x, $0.y) || inRegion(4, $0.x - 1, $0.y) }.map { "/tiles/world/4/\($0.x)/\($0.y).png" }
        let variants = corpus(3).filter { inRegion(3, $0.x, $0.y) }.flatMap { ["/tiles/world/3/\($0.x)/\($0.y)@2x.png", "/tiles/world/3/\($0.x)/\($0.y).webp"] }
        targets += variants + ["/tiles/world/3/0/3@2x.png"]
        var first: [String: [UInt8]] = [:]
        for target in targets {
            let answer = try server.request(target)
            #expect(answer.status == 200, "\(target)")
            first[target] = answer.body
            #expect(try server.request(target).header("Cache-Status") == "cairn; hit", "\(target)")  // now in memory
        }
        func selected(_ target: String) -> Bool {
            let tile = tileOf(target)!
            return (2...3).contains(tile.z) && inRegion(tile.z, tile.x, tile.y)
        }
        let purged = targets.filter(selected), kept = targets.filter { !selected($0) }
        let perZoom = Dictionary(grouping: purged) { tileOf($0)!.z }.mapValues(\.count)
        #expect(perZoom[2] == 1 && perZoom[3] == 4 * 3, "\(perZoom)")  // the z3 tiles as .png, @2x.png and .webp
        let before = cacheEntries(under: server.cacheDirectory)
        let purgedBytes = purged.reduce(0) { $0 + before[String($1.dropFirst("/tiles/".count))]! }

        let run = try server.cache("purge", "--layer", "world", "--bbox", "\(region.west),\(region.south),\(region.east),\(region.north)", "--zoom", "2-3")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lastLine == "purged \(purged.count) tiles of layer world, \(ByteCount.format(Double(purgedBytes))): z=2 1, z=3 12", "\(run.stderr)")
        let after = cacheEntries(under: server.cacheDirectory)
        #expect(Set(after.keys) == Set(kept.map { String($0.dropFirst("/tiles/".count)) }))
        #expect(!files(under: server.cacheDirectory).contains { $0.hasSuffix(".meta") && after[String($0.dropLast(5))] == nil })

        // The gauges follow once the server has re-counted the directory (in the background).
        let bytesNow = after.values.reduce(0, +)
        let gauges = { ((try? server.metric("cairn_cache_tiles")) ?? nil, (try? server.metric("cairn_cache_bytes")) ?? nil) }
        let counted = eventually { gauges() == (Double(after.count), Double(bytesNow)) }
        #expect(counted, "gauges \(gauges()), directory \(after.count) entries, \(bytesNow) bytes")

        for target in kept {
            let answer = try server.request(target)
            #expect(answer.header("Cache-Status") == "cairn; hit", "\(target)")
            #expect(answer.body == first[target], "\(target)")
        }
        for target in purged {
            let answer = try server.request(target)
            #expect(answer.status == 200)
            #expect(answer.header("Cache-Status") == "cairn; fwd=miss; stored", "\(target)")
            #expect(answer.body == first[target], "\(target)")
        }
    }

    @Test func purgingOlderThanKeepsYoungerTiles() throws {
        let server = try serving(["world"])
        let tiles = corpus(2)
        for tile in tiles { #expect(try server.request("/tiles/world/2/\(tile.x)/\(tile.y).png").status == 200) }
        let old = tiles.filter { $0.x < 2 }, young = tiles.filter { $0.x >= 2 }
        for tile in old { try backdate(server.cacheDirectory + "/world/2/\(tile.x)/\(tile.y).png.meta", by: 2 * 86_400) }
        // The young tiles' image files are older still: what counts is when they were stored (the .meta).
        for tile in young { try backdate(server.cacheDirectory + "/world/2/\(tile.x)/\(tile.y).png", by: 3 * 86_400) }

        let run = try server.cache("purge", "--layer", "world", "--older-than", "1d")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lastLine.hasPrefix("purged \(old.count) tiles of layer world, "), "\(run.stderr)")
        #expect(run.lastLine.hasSuffix(": z=2 \(old.count)"), "\(run.stderr)")
        #expect(Set(cacheEntries(under: server.cacheDirectory).keys) == Set(young.map { "world/2/\($0.x)/\($0.y).png" }))
        for tile in young {
            #expect(try server.request("/tiles/world/2/\(tile.x)/\(tile.y).png").header("Cache-Status") == "cairn; hit")
        }
        for tile in old {
            #expect(try server.request("/tiles/world/2/\(tile.x)/\(tile.y).png").header("Cache-Status") == "cairn; fwd=miss; stored")
        }
    }

    @Test func purgingAnAnimatedLayersTileRemovesEveryFrameAndTheAnimation() throws {
        let upstream = try TestUpstream { request in
            // Frames `a` and `b`: both the corpus tile.
            let parts = request.path.split(separator: "/")
            return parts.count == 4 ? FixtureTiles.reply(for: "/" + parts.dropFirst().joined(separator: "/")) : .status(404)
        }
        defer { upstream.stop() }
        let config = """
            layers:
              radar:
                source: {url: "\(upstream.baseURL)/{t}/{z}/{x}/{y}.png", retries: 0}
                chain: [{grid: {}}]
                maxzoom: 6
                frames: {times: [a, b], delay: 400ms}
            """
        let server = try ServerProcess(config: config)
        defer { server.kill() }
        for tile in ["2/1/1", "2/2/1"] {
            #expect(try server.request("/tiles/radar/\(tile).png").status == 200)
            #expect(try server.request("/tiles/radar/\(tile).webp").status == 200)
            #expect(try server.request("/tiles/radar/\(tile).png").header("Cache-Status")?.hasPrefix("cairn; hit") == true)
        }
        let before = Set(cacheEntries(under: server.cacheDirectory).keys)
        func entries(of tile: String) -> Set<String> {
            before.filter { $0.contains("/\(tile).") || $0.contains("/\(tile)-") }
        }
        // Each tile: its two frames (radar/frames/N-hash/…) and its APNG and WebP animations (_animations/radar/…).
        #expect(entries(of: "2/1/1").filter { $0.hasPrefix("radar/frames/") }.count == 2, "\(before.sorted())")
        #expect(entries(of: "2/1/1").filter { $0.hasPrefix("_animations/radar/2/1/1-") }.count == 2, "\(before.sorted())")

        // Lon -80…-10, lat 10…50: tile 2/1/1 only.
        let run = try server.cache("purge", "--layer", "radar", "--bbox=-80,10,-10,50", "--zoom", "2")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lastLine.hasPrefix("purged \(entries(of: "2/1/1").count) tiles of layer radar, "), "\(run.stderr)")
        #expect(Set(cacheEntries(under: server.cacheDirectory).keys) == before.subtracting(entries(of: "2/1/1")))
        #expect(try server.request("/tiles/radar/2/2/1.png").header("Cache-Status")?.hasPrefix("cairn; hit") == true)
        let again = try server.request("/tiles/radar/2/1/1.png")
        #expect(again.status == 200)
        #expect(again.header("Cache-Status")?.contains("fwd=miss") == true, "\(again.header("Cache-Status") ?? "")")
    }

    // MARK: clear

    @Test func clearingWhileRequestsRunAnswersEveryOneAndLeavesNoEntry() throws {
        let server = try serving(["world", "relief"])
        // Entries from before the clear: tiles of both layers and badges.
        let before = corpus(3).flatMap { ["/tiles/world/3/\($0.x)/\($0.y).png", "/tiles/relief/3/\($0.x)/\($0.y).png"] }
            + (1...20).map { "/badges/\($0).png" }
        for target in before { #expect(try server.request(target).status == 200, "\(target)") }
        // (Badges whose pictures are the same, such as a bucket's counts, share one entry.)
        let stored = cacheEntries(under: server.cacheDirectory).keys
        #expect(stored.filter { !$0.hasPrefix("_badges/") }.count == 2 * corpus(3).count && stored.contains { $0.hasPrefix("_badges/") })

        // Other tiles and badges requested over and over during the clear.
        let during = corpus(2).map { "/tiles/world/2/\($0.x)/\($0.y).png" } + (100...110).map { "/badges/\($0).png" }
        let answers = StatusTally()
        let requester = Thread {
            var index = 0
            while !answers.stopped.load(ordering: .relaxed) {
                answers.add((try? server.request(during[index % during.count]).status) ?? -1)
                index += 1
            }
        }
        requester.start()
        _ = eventually { answers.total >= 5 }
        let run = try server.cache("clear")
        let answered = answers.total
        _ = eventually { answers.total >= answered + 5 }
        answers.stopped.store(true, ordering: .relaxed)
        while !requester.isFinished { usleep(1_000) }

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lastLine.hasPrefix("cleared the whole cache: "), "\(run.stderr)")
        #expect(answers.counts.keys.sorted() == [200], "\(answers.counts)")
        #expect((try server.metric("cairn_cache_write_failures_total") ?? 0) == 0, "\(server.log)")
        // Only what was asked for during the clear may be back; nothing from before is left, nor the trash.
        let left = Set(cacheEntries(under: server.cacheDirectory).keys)
        let asked = Set(during.map { String($0.dropFirst("/tiles/".count)) })
        #expect(left.allSatisfy { $0.hasPrefix("_badges/") || asked.contains($0) }, "\(left.sorted())")
        #expect(left.count <= during.count, "\(left.sorted())")
        #expect(!files(under: server.cacheDirectory).contains { $0.contains(".cairn-trash") })
        // What was in memory is forgotten: a tile from before is made again.
        #expect(try server.request("/tiles/world/3/4/2.png").header("Cache-Status") == "cairn; fwd=miss; stored")

        let again = try server.cache("clear")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(cacheEntries(under: server.cacheDirectory).isEmpty, "\(cacheEntries(under: server.cacheDirectory).keys.sorted())")
        let stats = try JSONSerialization.jsonObject(with: Data(try server.cache("stats", "--json").stdout.utf8)) as? [String: Any]
        #expect((stats?["total"] as? [String: Any])?["tiles"] as? Int == 0)
    }

    @Test func clearingOneLayerLeavesTheOthers() throws {
        let server = try serving(["world", "relief"])
        let targets = corpus(2).flatMap { ["/tiles/world/2/\($0.x)/\($0.y).png", "/tiles/relief/2/\($0.x)/\($0.y).png"] }
            + ["/tiles/relief/3/4/2@2x.png", "/badges/42.png"]
        for target in targets { #expect(try server.request(target).status == 200, "\(target)") }
        let before = cacheEntries(under: server.cacheDirectory)
        let relief = before.filter { $0.key.hasPrefix("relief/") }
        #expect(relief.count == corpus(2).count + 1)

        let run = try server.cache("clear", "--layer", "relief")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lastLine == "cleared layer relief: \(relief.count) entries, \(ByteCount.format(Double(relief.values.reduce(0, +))))", "\(run.stderr)")
        #expect(cacheEntries(under: server.cacheDirectory) == before.filter { !$0.key.hasPrefix("relief/") })
        #expect(try server.request("/tiles/world/2/1/1.png").header("Cache-Status") == "cairn; hit")
        #expect(try server.request("/badges/42.png").header("Cache-Status")?.hasPrefix("cairn; hit") == true)
        #expect(try server.request("/tiles/relief/2/1/1.png").header("Cache-Status") == "cairn; fwd=miss; stored")
    }

    @Test func aDatasetsClusterTilesArePurgedByRegionAndBadgesAndCardsClearedAlone() throws {
        let datasets = CitiesDataset.config(card: false).replacingOccurrences(of: "layers: {}\n", with: "")
        let server = try ServerProcess(config: CacheTestConfig.layers(["world"], upstream: upstream.baseURL, sections: datasets))
        let vector = (0..<4).flatMap { x in (0..<4).map { y in "/clusters/cities/2/\(x)/\(y).mvt" } }
        let others = ["/clusters/cities/3/4/2.png", "/tiles/world/2/1/1.png", "/badges/42.png", "/cards/a.png?title=A"]
        for target in vector + others { #expect(try server.request(target).status == 200, "\(target)") }

        // The north-east quarter of zoom 2: x 2-3, y 0-1.
        let purge = try server.cache("purge", "--dataset", "cities", "--zoom", "2", "--bbox", "0,0,180,85")
        #expect(purge.status == 0, "\(purge.stderr)")
        #expect(purge.lastLine.hasPrefix("purged 4 tiles of dataset cities, ") && purge.lastLine.hasSuffix(": z=2 4"), "\(purge.stderr)")
        for x in 0..<4 {
            for y in 0..<4 {
                let status = try server.request("/clusters/cities/2/\(x)/\(y).mvt").header("Cache-Status") ?? ""
                #expect(status.hasPrefix(x >= 2 && y <= 1 ? "cairn; fwd=miss" : "cairn; hit"), "2/\(x)/\(y): \(status)")
            }
        }
        #expect(try server.request(others[0]).header("Cache-Status")?.hasPrefix("cairn; hit") == true)

        let clear = try server.cache("clear", "--badges", "--cards")
        #expect(clear.status == 0, "\(clear.stderr)")
        #expect(clear.lastLine.hasPrefix("cleared badges, cards: 2 entries, "), "\(clear.stderr)")
        #expect(!cacheEntries(under: server.cacheDirectory).keys.contains { $0.hasPrefix("_badges/") || $0.hasPrefix("_cards/") })
        #expect(try server.request("/badges/42.png").header("Cache-Status") == "cairn; fwd=miss; stored")
        #expect(try server.request("/cards/a.png?title=A").header("Cache-Status") == "cairn; fwd=miss; stored")
        #expect(try server.request("/tiles/world/2/1/1.png").header("Cache-Status")?.hasPrefix("cairn; hit") == true)
        #expect(try server.request(others[0]).header("Cache-Status")?.hasPrefix("cairn; hit") == true)
    }

    // MARK: errors

    @Test(arguments: [["stats"], ["clear"], ["purge", "--layer", "world"], ["seed", "--layer", "world", "--bbox", "0,0,1,1", "--zoom", "1"]])
    func aConfigurationThatCannotBeReadIsOneErrorLineAndExit64(_ arguments: [String]) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = directory + "/absent.yml"
        let run = try runCairn(["cache"] + arguments + ["--config", missing], environment: ["CAIRN_CACHE_DIR": directory + "/cache"])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.errorLines == ["error: \(missing): cannot read the configuration file (no such file)"], "\(run.stderr)")
        #expect(run.stdout.isEmpty)

        let broken = directory + "/broken.yml"
        try "layers:\n  world:\n    source: {url: 42\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let bad = try runCairn(["cache"] + arguments + ["--config", broken], environment: ["CAIRN_CACHE_DIR": directory + "/cache"])
        #expect(bad.status == 64, "\(bad.stderr)")
        #expect(bad.errorLines.count == 1 && bad.errorLines.first?.hasPrefix("error: \(broken): ") == true, "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/cache"))
    }

    @Test(arguments: [
        (["--layer", "nope"], "--layer: no layer 'nope' in the configuration (known: world)"),
        (["--dataset", "nope"], "--dataset: no dataset 'nope' in the configuration (none configured)"),
        (["--layer", "world", "--dataset", "cities"], "give --layer NAME or --dataset NAME"),
        ([], "give --layer NAME or --dataset NAME"),
        (["--layer", "world", "--bbox", "1,2,3"], "--bbox"),
        (["--layer", "world", "--zoom", "5-2"], "--zoom: '5-2' is not a zoom or a range A-B within 0…30"),
        (["--layer", "world", "--zoom", "31"], "--zoom: '31' is not a zoom or a range A-B within 0…30"),
        (["--layer", "world", "--older-than", "soon"], "--older-than: 'soon' is not a duration (like 500ms, 5s, 10m, 2h, 7d)"),
    ])
    func badPurgeOptionsAreOneErrorLineAndExit64AndRemoveNothing(_ arguments: [String], _ message: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try CacheTestConfig.layers(["world"], upstream: "http://127.0.0.1:9").write(toFile: directory + "/cairn.yml", atomically: true, encoding: .utf8)
        let cache = directory + "/cache"
        try FileManager.default.createDirectory(atPath: cache + "/world/2/1", withIntermediateDirectories: true)
        try Data(count: 100).write(to: URL(fileURLWithPath: cache + "/world/2/1/1.png"))
        try Data("stored=1\nexpires=2\netag=\"x\"\n".utf8).write(to: URL(fileURLWithPath: cache + "/world/2/1/1.png.meta"))

        let run = try runCairn(["cache", "purge"] + arguments + ["--config", directory + "/cairn.yml"], environment: ["CAIRN_CACHE_DIR": cache])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.errorLines.first?.hasPrefix("error: " + message) == true, "\(run.stderr)")
        #expect(cacheEntries(under: cache).keys.sorted() == ["world/2/1/1.png"])
    }
}

/// The zoom, column and row of a `/tiles/LAYER/z/x/y[@2x].ext` target.
private func tileOf(_ target: String) -> (z: Int, x: Int, y: Int)? {
    let parts = target.split(separator: "/")
    guard parts.count == 5, let z = Int(parts[2]), let x = Int(parts[3]),
          let y = Int(parts[4].prefix { $0.isNumber }) else { return nil }
    return (z, x, y)
}

/// The modification time of the file at `path`, seconds since 1970.
private func modificationTime(_ path: String) -> Double {
    ((try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast).timeIntervalSince1970
}

/// `2026-11-24T13:05:09Z` for `seconds` (rounded down), formatted here rather than by the server's code.
private func rfc3339(_ seconds: Double) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"
    return formatter.string(from: Date(timeIntervalSince1970: seconds.rounded(.down)))
}

/// The statuses a requesting thread got, and the flag that stops it.
private final class StatusTally: Sendable {
    let stopped = Atomic(false)
    private let statuses = Mutex([Int: Int]())

    func add(_ status: Int) { statuses.withLock { $0[status, default: 0] += 1 } }
    var counts: [Int: Int] { statuses.withLock { $0 } }
    var total: Int { counts.values.reduce(0, +) }
}
