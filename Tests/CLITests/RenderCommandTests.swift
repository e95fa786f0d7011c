import Codecs
import Foundation
import Synchronization
import Testing
import TestTier
import TestUpstream
import Tiles

/// `cairn render` as a user runs it: real corpus tiles, a real loopback tile server, real output.
@Suite(.process) struct RenderCommandTests {
    private let world = worldTiles
    private var corpusTemplate: String { "file://\(world)/{z}/{x}/{y}.png" }

    // MARK: dry run

    @Test func dryRunPrintsTheCountPerZoomAndAnEstimatedSize() throws {
        let run = try Cairn.run(["render", "--source", corpusTemplate, "--bbox", "5.9,45.8,10.5,47.8", "--zoom", "0-6", "--dry-run"])
        #expect(run.status == 0)
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        let list = TileList(region: try BoundingBox(parsing: "5.9,45.8,10.5,47.8"), zooms: 0...6)
        #expect(Array(lines.dropLast()) == list.countsPerZoom().map { "z=\($0.zoom) tiles=\($0.count)" })
        #expect(lines.last?.hasPrefix("total \(list.count) tiles, estimated ") == true)
        #expect(lines.last?.range(of: #"estimated [0-9.]+ (B|kB|MB)$"#, options: .regularExpression) != nil)
    }

    @Test func dryRunOverOnePointFourMillionTilesAndAShard() throws {
        let arguments = ["render", "--source", corpusTemplate, "--bbox=-180,-85.0511,180,85.0511", "--zoom", "0-10", "--dry-run"]
        let whole = try Cairn.run(arguments)
        #expect(whole.status == 0)
        #expect(String(decoding: whole.stdout, as: UTF8.self).contains("z=10 tiles=1048576\ntotal 1398101 tiles, estimated "))
        let shard = try Cairn.run(arguments + ["--shard", "2/3"])
        let list = TileList(region: .world, zooms: 0...10, shard: try Shard(parsing: "2/3"))
        #expect(list.count == 466_033)
        #expect(String(decoding: shard.stdout, as: UTF8.self).contains("z=10 tiles=\(list.countsPerZoom().last!.count)\ntotal 466033 tiles, estimated "))
    }

    // MARK: rendering

    @Test func rendersTheCorpusThroughAChainIntoADirectory() throws {
        let out = try Cairn.temporaryDirectory() + "/tiles"
        let run = try Cairn.run(["render", "--source", corpusTemplate, "--bbox=-180,-85,180,85", "--zoom", "0-4",
                                 "--chain", "mosaic|grid", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("rendered 285 tiles to \(out)"))
        #expect(run.stderr.contains("56 no tile, 0 skipped, 0 failed"))
        let written = files(under: out)
        #expect(written.count == 285)
        #expect(written.allSatisfy { $0.hasSuffix(".png") && !$0.contains(".tmp") })
        let original = try ImageDecoder.decode(Array(FileManager.default.contents(atPath: world + "/3/4/2.png")!))
        let rendered = try ImageDecoder.decode(Array(FileManager.default.contents(atPath: out + "/3/4/2.png")!))
        #expect(rendered.width == 256)
        #expect(rendered.pixel(x: 0, y: 200) != original.pixel(x: 0, y: 200))  // grid border
        #expect(rendered.pixel(x: 150, y: 150) != original.pixel(x: 150, y: 150))  // mosaic wash
    }

    @Test func mbtilesOutputHoldsTheRightRowsAndMetadata() throws {
        let path = try Cairn.temporaryDirectory() + "/alps.mbtiles"
        let run = try Cairn.run(["render", "--source", corpusTemplate, "--bbox=-180,-85,180,85", "--zoom", "0-3", "--out", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try sqlite(path, "SELECT count(*) FROM tiles") == "77")
        #expect(try sqlite(path, "SELECT zoom_level, count(*) FROM tiles GROUP BY zoom_level") == "0|1\n1|4\n2|16\n3|56")
        // TMS rows: tile 3/4/2 is row 5; an empty chain stores the source's bytes untouched.
        #expect(try sqlite(path, "SELECT hex(tile_data) = hex(readfile('\(world)/3/4/2.png')) FROM tiles WHERE zoom_level=3 AND tile_column=4 AND tile_row=5") == "1")
        #expect(try sqlite(path, "SELECT value FROM metadata WHERE name IN ('name','format','minzoom','maxzoom') ORDER BY name") == "png\n3\n0\nalps")
        #expect(try sqlite(path, "SELECT value FROM metadata WHERE name='bounds'") == "-180.0,-85.0,180.0,85.0")
    }

    @Test func tarStreamOnStdout() throws {
        let run = try Cairn.run(["render", "--source", corpusTemplate, "--bbox=-180,-85,180,85", "--zoom", "0-1",
                                 "--format", "webp", "--out", "-"])
        #expect(run.status == 0, "\(run.stderr)")
        let directory = try Cairn.temporaryDirectory()
        try Data(run.stdout).write(to: URL(fileURLWithPath: directory + "/t.tar"))
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-xf", directory + "/t.tar", "-C", directory]
        try tar.run()
        tar.waitUntilExit()
        #expect(tar.terminationStatus == 0)
        #expect(files(under: directory).filter { $0 != "t.tar" } == ["0/0/0.webp", "1/0/0.webp", "1/0/1.webp", "1/1/0.webp", "1/1/1.webp"])
        let tile = try ImageDecoder.decode(Array(FileManager.default.contents(atPath: directory + "/1/1/0.webp")!))
        #expect(tile.width == 256)
    }

    @Test func shardsSplitTheJobAndResumeSkipsWhatIsDone() throws {
        let out = try Cairn.temporaryDirectory() + "/tiles"
        let base = ["render", "--source", corpusTemplate, "--bbox=-180,-85,180,85", "--zoom", "0-4", "--out", out]
        let first = try Cairn.run(base + ["--shard", "0/2"])
        let firstFiles = files(under: out)
        let second = try Cairn.run(base + ["--shard", "1/2"])
        #expect(first.status == 0 && second.status == 0)
        let all = files(under: out)
        #expect(all.count == 285)
        #expect(firstFiles.count > 100 && firstFiles.count < 185)
        try FileManager.default.removeItem(atPath: out + "/4")  // 208 of the 285
        let resumed = try Cairn.run(base + ["--resume"])
        #expect(resumed.status == 0)
        #expect(resumed.stderr.contains("rendered 208 tiles"))
        #expect(resumed.stderr.contains("56 no tile, 77 skipped, 0 failed"))
        #expect(files(under: out) == all)
    }

    @Test func overZoomCutsDeeperTilesFromTheirAncestors() throws {
        let out = try Cairn.temporaryDirectory() + "/tiles"
        let run = try Cairn.run(["render", "--source", corpusTemplate, "--source-maxzoom", "2", "--bbox=-180,0,0,85",
                                 "--zoom", "5", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("rendered 256 tiles"))
        // 5/4/4 is the top-left 1/8 of 2/0/0, scaled 8x: its corner is that tile's pixel (16, 16) region.
        let ancestor = try ImageDecoder.decode(Array(FileManager.default.contents(atPath: world + "/2/0/0.png")!))
        let child = try ImageDecoder.decode(Array(FileManager.default.contents(atPath: out + "/5/4/4.png")!))
        let expected = ancestor.pixel(x: 128 + 4, y: 128 + 4), got = child.pixel(x: 36, y: 36)
        #expect(abs(Int(expected.r) - Int(got.r)) <= 24 && abs(Int(expected.g) - Int(got.g)) <= 24)
    }

    // MARK: an HTTP source with faults

    @Test func httpSourceFaultsAreReportedAndOnlyGoodTilesWritten() throws {
        let good = Array(FileManager.default.contents(atPath: world + "/2/2/1.png")!)
        let upstream = try TestUpstream { request in
            switch request.path {
            case "/2/2/1.png": .bytes(good)
            case "/2/1/0.png": .status(500)
            case "/2/3/3.png": TestUpstream.Reply(body: good, delay: 3)
            case "/2/0/3.png": .bytes(Array("<html>Too many requests</html>".utf8))
            case "/2/1/1.png": TestUpstream.Reply(body: good, truncated: true)
            default: .status(404)
            }
        }
        defer { upstream.stop() }
        let directory = try Cairn.temporaryDirectory()
        try "2/2/1\n2/0/0\n2/1/0\n2/3/3\n2/0/3\n2/1/1\n".write(toFile: directory + "/tiles.txt", atomically: true, encoding: .utf8)
        let out = directory + "/out"
        let run = try Cairn.run(["render", "--source", upstream.baseURL + "/{z}/{x}/{y}.png", "--tiles", directory + "/tiles.txt",
                                 "--chain", "grayscale", "--out", out, "--timeout", "0.5", "--retries", "1",
                                 "--failures", directory + "/failed.txt"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("rendered 1 tiles to \(out)"))
        #expect(run.stderr.contains("1 no tile, 0 skipped, 4 failed"))
        #expect(run.stderr.contains("failed 2/1/0: GET \(upstream.baseURL)/2/1/0.png: HTTP 500 (2 attempts)"))
        #expect(run.stderr.contains("failed 2/3/3: GET \(upstream.baseURL)/2/3/3.png: timed out (2 attempts)"))
        #expect(run.stderr.contains("failed 2/0/3: "))
        #expect(run.stderr.contains("failed 2/1/1: "))
        #expect(run.errorLines == ["error: 4 of 6 tiles failed"])
        #expect(upstream.requests(for: "/2/1/0.png") == 2 && upstream.requests(for: "/2/0/0.png") == 1)
        #expect(files(under: out) == ["2/2/1.png"])
        let written = try ImageDecoder.decode(Array(FileManager.default.contents(atPath: out + "/2/2/1.png")!))
        let pixel = written.pixel(x: 77, y: 99)
        #expect(pixel.r == pixel.g && pixel.g == pixel.b)
        // The failure list is a tile list: render it again once the upstream has recovered.
        let failed = TileList(file: try TileListFile(path: directory + "/failed.txt"))
        #expect(Set(failed.map(\.description)) == ["2/1/0", "2/3/3", "2/0/3", "2/1/1"])
    }

    @Test func connectionsLimitsTheRequestsOneHostSeesAtOnce() throws {
        let good = worldTile("2/2/1")
        let upstream = try TestUpstream { _ in TestUpstream.Reply(body: good, delay: 0.15) }
        defer { upstream.stop() }
        let out = try Cairn.temporaryDirectory() + "/tiles"
        let run = try Cairn.run(["render", "--source", upstream.baseURL + "/{z}/{x}/{y}.png", "--bbox=-180,-85,180,85", "--zoom", "2",
                                 "--out", out, "--jobs", "4", "--connections", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("rendered 16 tiles"), "\(run.stderr)")
        #expect(upstream.totalRequests == 16)
        #expect(upstream.maximumConcurrentRequests == 2, "--connections 2, yet the upstream saw \(upstream.maximumConcurrentRequests) requests at once")
    }

    // MARK: determinism

    @Test func oneWorkerAndTwoWriteTheSameBytes() throws {
        let outputs = try [1, 2].map { jobs in
            let out = try Cairn.temporaryDirectory() + "/tiles"
            let run = try Cairn.run(["render", "--source", corpusTemplate, "--bbox=-180,-85,180,85", "--zoom", "0-3", "--jobs", "\(jobs)",
                                     "--chain", "mosaic|tint|grid:format={z}/{x}/{y} {lon}|text:text=© ACME,spacing=wide|sepia:0.3", "--out", out])
            #expect(run.status == 0, "--jobs \(jobs): \(run.stderr)")
            return (out, files(under: out))
        }
        #expect(outputs[0].1.count == 77)
        #expect(outputs[0].1 == outputs[1].1)
        let differing = outputs[0].1.filter { contents(outputs[0].0 + "/" + $0) != contents(outputs[1].0 + "/" + $0) }
        #expect(differing.isEmpty, "--jobs 1 and --jobs 2 wrote different bytes for \(differing.prefix(5))")
    }

    @Test func ctrlCStopsCleanlyAndResumeFinishesTheJob() throws {
        let good = Array(FileManager.default.contents(atPath: world + "/2/2/1.png")!)
        let slow = Mutex(true)
        let upstream = try TestUpstream { _ in TestUpstream.Reply(body: good, delay: slow.withLock { $0 } ? 0.05 : 0) }
        defer { upstream.stop() }
        let out = try Cairn.temporaryDirectory() + "/tiles"
        let arguments = ["render", "--source", upstream.baseURL + "/{z}/{x}/{y}.png", "--bbox=-180,-85,180,85", "--zoom", "0-5",
                         "--chain", "mosaic", "--out", out, "--jobs", "1", "--connections", "2"]
        let process = Process()
        process.executableURL = Cairn.executable
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, files(under: out).count < 40 { usleep(20_000) }
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.contains("interrupted, --resume finishes the job"))
        let partial = files(under: out)
        #expect(partial.count >= 40 && partial.count < 1365)
        #expect(partial.allSatisfy { $0.hasSuffix(".png") && !$0.contains(".tmp") })
        for name in partial.suffix(10) {
            #expect((try? ImageDecoder.decode(Array(FileManager.default.contents(atPath: out + "/" + name)!))) != nil, "\(name) is incomplete")
        }
        slow.withLock { $0 = false }
        let resumed = try Cairn.run(arguments + ["--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("rendered \(1365 - partial.count) tiles"))
        #expect(resumed.stderr.contains("\(partial.count) skipped"))
        #expect(files(under: out).count == 1365)
    }

    // MARK: mistakes

    @Test func mistakesGetOneErrorLineAndTheirExitCode() throws {
        let directory = try Cairn.temporaryDirectory()
        try "0/0/0\n1/0/0\n1/2/0\n".write(toFile: directory + "/bad.txt", atomically: true, encoding: .utf8)
        try Data().write(to: URL(fileURLWithPath: directory + "/file"))
        let source = ["--source", corpusTemplate]
        let cases: [([String], Int32, String)] = [
            (source + ["--bbox", "1,2,3,4", "--out", directory], 64, "--bbox needs --zoom"),
            (source + ["--bbox", "1,2,3,4", "--tiles", directory + "/bad.txt", "--zoom", "1", "--out", directory], 64, "exactly one of --bbox and --tiles"),
            (source + ["--bbox", "1,2,3,4", "--zoom", "3-1", "--out", directory], 64, "--zoom: '3-1'"),
            (source + ["--bbox", "1,2,3", "--zoom", "3", "--out", directory], 64, "--bbox:"),
            (source + ["--bbox", "1,2,3,4", "--zoom", "3", "--out", directory, "--shard", "2/2"], 64, "--shard:"),
            (source + ["--tiles", directory + "/bad.txt", "--out", directory], 65, "bad.txt:3:"),
            (["--source", "ftp://x/{z}/{x}/{y}.png", "--bbox", "1,2,3,4", "--zoom", "3", "--out", directory], 64, "--source:"),
            (source + ["--bbox", "1,2,3,4", "--zoom", "3", "--scale", "2", "--out", directory], 64, "no {r} or {scale}"),
            (source + ["--bbox", "1,2,3,4", "--zoom", "3", "--chain", "mosiac", "--out", directory], 64, "unknown renderer"),
            (source + ["--bbox", "1,2,3,4", "--zoom", "3", "--out", directory + "/file/tiles"], 74, "--out:"),
        ]
        for (arguments, status, message) in cases {
            let run = try Cairn.run(["render"] + arguments)
            #expect(run.status == status, "\(arguments): \(run.stderr)")
            #expect(run.errorLines.count == 1 && run.errorLines[0].contains(message), "\(arguments): \(run.stderr)")
        }
    }
}
